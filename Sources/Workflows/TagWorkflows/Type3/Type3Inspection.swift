import Type3

/// Everything `info` shows about a Type 3 card: the read, the system codes polling found, block 0
/// as read (also when NDEF is not enabled), the FeliCa Lite-S MC block, and why the card cannot
/// be written, if it cannot.
public struct Type3Inspection: Sendable, Equatable {
    /// Why a card cannot be written, each with its figures.
    public enum ReadOnlyReason: Sendable, Equatable {
        /// The attribute block's RW flag is 00.
        case accessFlag
        /// MC_SP makes these S_PAD blocks read-only.
        case readOnlyBlocks([Int])
        /// MC bytes 8–11 make these S_PAD blocks writable with a MAC only, which TapCard does not
        /// send (card-key authentication is not implemented).
        case macRequired([Int])

        public var sentence: String {
            switch self {
            case .accessFlag:
                "the attribute block's RW flag is 00 (read-only)"
            case .readOnlyBlocks(let blocks):
                "the memory configuration (MC_SP) makes S_PAD \(blocks.map(String.init).joined(separator: ", ")) read-only"
            case .macRequired(let blocks):
                "the memory configuration (MC bytes 8–11) lets S_PAD \(blocks.map(String.init).joined(separator: ", ")) be written only with a MAC, which TapCard does not send"
            }
        }
    }

    public var read: Type3ReadReport
    /// The system codes the card answered polling with (12FC when NDEF is enabled, then the one
    /// Polling for FFFF answered: 88B4 on a Lite-S).
    public var systemCodes: [UInt16]
    /// Block 0 as read, whatever it holds.
    public var attributeBytes: [UInt8]
    /// The MC block (88h) of a FeliCa Lite-S, `nil` for another chip.
    public var memoryConfiguration: FeliCaLiteSMemoryConfiguration?

    public init(
        read: Type3ReadReport, systemCodes: [UInt16], attributeBytes: [UInt8],
        memoryConfiguration: FeliCaLiteSMemoryConfiguration?
    ) {
        self.read = read
        self.systemCodes = systemCodes
        self.attributeBytes = attributeBytes
        self.memoryConfiguration = memoryConfiguration
    }

    /// Why the NDEF message cannot be written (empty when it can, or when the card is not
    /// formatted: then the reason is ``Type3NDEFArea/notFormattedReason``).
    public var readOnlyReasons: [ReadOnlyReason] {
        guard let snapshot = read.snapshot else { return [] }
        var reasons: [ReadOnlyReason] = []
        if snapshot.isReadOnly { reasons.append(.accessFlag) }
        if let mc = memoryConfiguration {
            let blocks = 0...min(13, snapshot.attribute.maximumBlocks)
            let locked = blocks.filter { !mc.isWritable(scratchPad: $0) }
            if !locked.isEmpty { reasons.append(.readOnlyBlocks(locked)) }
            let mac = blocks.filter { mc.writeWithMACBits >> UInt16($0) & 1 == 1 }
            if !mac.isEmpty { reasons.append(.macRequired(mac)) }
        }
        return reasons
    }
}
