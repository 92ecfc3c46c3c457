import TagCatalog

/// What a read of a Type 4 tag found: the CC file as parsed and as read, the length field, and the
/// message bytes. NDEF decoding is the workflow's (this module sits below NDEF's users); the
/// capacity is always the one the tag's CC file reports.
public struct Type4Snapshot: Sendable, Hashable {
    /// The CC file, parsed.
    public var capabilityContainer: Type4CapabilityContainer
    /// The CC file's bytes as read (15 or more).
    public var capabilityContainerBytes: [UInt8]
    /// NLEN (or ENLEN) as the tag holds it, already checked against the CC.
    public var messageLength: Int
    /// The message bytes read after the length field: `messageLength` of them after a full read.
    public var message: [UInt8]
    /// NLEN (or ENLEN) does not fit the file the CC describes (a damaged or torn length field):
    /// `messageLength` is then the length field as the tag holds it, and no message was read.
    /// Reading says so; a write replaces it like any interrupted write.
    public var lengthProblem: Type4LengthError?

    public init(
        capabilityContainer: Type4CapabilityContainer, capabilityContainerBytes: [UInt8], messageLength: Int,
        message: [UInt8], lengthProblem: Type4LengthError? = nil
    ) {
        self.capabilityContainer = capabilityContainer
        self.capabilityContainerBytes = capabilityContainerBytes
        self.messageLength = messageLength
        self.message = message
        self.lengthProblem = lengthProblem
    }

    /// The largest message, as the tag's CC file reports it (never assumed).
    public var capacity: Capacity { .reported(capabilityContainer.maximumMessageBytes) }

    /// Where the capacity came from, in words: "reported by the tag's CC file: max size 256 −
    /// 2-byte NLEN".
    public var capacitySourcePhrase: String {
        let field = capabilityContainer.lengthFieldBytes
        return
            "reported by the tag's CC file: max size \(capabilityContainer.ndefFile.maximumSize) − \(field)-byte \(field == 4 ? "ENLEN" : "NLEN")"
    }

    /// True when NLEN is 0: an empty (initialised) tag.
    public var isEmpty: Bool { messageLength == 0 }

    /// True when every byte NLEN announces was read (never when NLEN does not fit the file).
    public var isComplete: Bool { lengthProblem == nil && message.count == messageLength }
}
