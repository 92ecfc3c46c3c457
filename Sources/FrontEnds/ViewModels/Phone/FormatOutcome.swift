import CoreNFCTransport
import TagWorkflows
import TapCardSupport

/// What "Format for NDEF" did on the phone, in the lines the screen shows: the type's own words
/// for the format where it has them (a DESFire's AN11004 application, created and read back as a
/// Type 4 tag), else what was formatted; then, for those, the tag as the driver read it back in
/// the same session. "Verified" is said only when that read-back shows an empty, writable NDEF
/// tag.
public struct FormatOutcome: Sendable, Equatable {
    /// The tag as read back after the format, in the same session.
    public let readBack: TagInfo
    public let lines: [String]

    /// True when the format's own check, or the read-back, shows an empty, writable NDEF tag.
    public let verified: Bool

    public init(_ outcome: TagManagementOutcome, readBack: TagInfo, carrierUID: [UInt8]) {
        self.readBack = readBack
        let uid = outcome.facts.uid ?? carrierUID
        let empty = readBack.reading.access == .readWrite && readBack.records.isEmpty
        if let own = outcome.summaryLines(uid: uid) {
            lines = own
            verified = outcome.verified && empty
            return
        }
        let chip = outcome.facts.model?.displayName ?? "The tag"
        let capacity = readBack.capacity
        let source = capacity.source == .reported ? "reported by the tag" : "assumed"
        lines = [
            "Formatted \(chip) \(Hex.encode(uid, uppercase: true, separator: ":")) for NDEF.",
            empty
                ? "Verified: read back in the same session, it is an empty, writable NDEF tag with room for \(capacity.bytes) bytes of message (\(source))."
                : "NOT verified: read back in the same session, it is not an empty, writable NDEF tag (\(readBack.contentSummary)). Scan it to see what it holds.",
        ]
        verified = empty
    }
}
