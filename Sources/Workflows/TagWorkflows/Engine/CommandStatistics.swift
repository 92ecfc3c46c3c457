import TagCatalog

/// How many commands a workflow sent and their modeled air time (datasheet timing at
/// 106 kbit/s: modeled, never measured; a reader or phone adds its own latency).
public struct CommandStatistics: Sendable, Equatable {
    public var commands = 0
    public var modeledMicroseconds = 0.0
    /// Pages written and acknowledged, in order (a page may appear twice: clear, then commit).
    public var pagesWritten: [Int] = []

    public init() {}

    mutating func record(command: [UInt8], responseBytes: Int, answered: Bool) {
        commands += 1
        let programsPage = command.first == 0xA2
        modeledMicroseconds +=
            answered
            ? Type2Timing.exchangeMicroseconds(
                commandBytes: command.count, responseBytes: responseBytes <= 1 ? nil : responseBytes,
                programsPage: programsPage)
            : Type2Timing.unansweredMicroseconds(commandBytes: command.count, programsPage: programsPage)
    }

    /// Distinct pages written, ascending.
    public var distinctPagesWritten: [Int] { Array(Set(pagesWritten)).sorted() }

    /// Modeled air time in milliseconds, rounded to 0.1 ms.
    public var modeledMilliseconds: Double { (modeledMicroseconds / 100).rounded() / 10 }
}
