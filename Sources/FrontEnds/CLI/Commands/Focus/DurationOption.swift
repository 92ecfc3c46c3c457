import CommandLineKit
import Focus
import Foundation

/// A duration given on the command line: a length ("25m", "1h30m", "90s", "2d"; a bare number
/// is minutes) or "off".
enum DurationOption: Equatable {
    case off
    case length(TimeInterval)

    /// Takes option `name` from `arguments`; `nil` when absent.
    static func take(_ arguments: inout Arguments, _ name: String) throws(UsageError) -> DurationOption? {
        guard let text = try arguments.option(name) else { return nil }
        if text.lowercased() == "off" || text.lowercased() == "none" { return .off }
        guard let seconds = DurationText.parse(text), seconds > 0 else {
            throw UsageError(
                "\(name) takes a duration such as 25m, 1h30m, 90s or 2d (or 'off'), not '\(text)'.",
                command: arguments.command)
        }
        return .length(seconds)
    }

    /// The value to use: this option when given, else `fallback`.
    static func resolve(_ option: DurationOption?, fallback: TimeInterval?) -> TimeInterval? {
        switch option {
        case nil: fallback
        case .off?: nil
        case .length(let seconds)?: seconds
        }
    }
}
