import Foundation

/// Where TapCard reports its own defects: things that must never happen, such as a platform
/// callback delivered twice or a session that vanished without a callback. Recording one never
/// changes what the user sees; it makes the defect visible to whoever reads the log.
public struct DefectLog: Sendable {
    private let sink: @Sendable (String) -> Void

    public init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    public func record(_ defect: String) { sink(defect) }

    /// Writes each defect as one line on standard error (the device console on iOS).
    public static let standardError = DefectLog { defect in
        FileHandle.standardError.write(Data("TapCard defect: \(defect)\n".utf8))
    }
}
