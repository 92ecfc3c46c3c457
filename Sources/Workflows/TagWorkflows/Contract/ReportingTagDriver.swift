import NDEF

/// How a tag type's own driver becomes a ``TagDriver``: it names its per-type reports and how
/// each becomes the envelope; the five verbs are then written here once.
public protocol ReportingTagDriver: TagDriver {
    associatedtype ReadResult: Sendable
    associatedtype InspectionResult: Sendable
    associatedtype WriteResult: EnvelopedWriteReport

    func read() async throws -> ReadResult
    func inspect() async throws -> InspectionResult
    func write(_ message: NDEFMessage, verify: Bool) async throws -> WriteResult
    func erase(verify: Bool) async throws -> WriteResult

    /// The envelope of a read, and of an inspection.
    static func report(_ read: ReadResult) -> TagReport
    static func report(inspection: InspectionResult) -> TagReport
}

extension ReportingTagDriver {
    public func readTag() async throws -> TagReport { Self.report(try await read()) }

    public func inspectTag() async throws -> TagReport { Self.report(inspection: try await inspect()) }

    public func writeMessage(_ message: NDEFMessage, verify: Bool) async throws -> TagWriteOutcome {
        TagWriteOutcome(try await write(message, verify: verify))
    }

    public func eraseMessage(verify: Bool) async throws -> TagWriteOutcome {
        TagWriteOutcome(try await erase(verify: verify))
    }
}
