/// One TLV block found in a Type 2 or Type 5 data area, with where it starts.
public struct TLV: Sendable, Equatable {
    /// The TLV types of the NFC Forum Type 2 mapping (T2T §2.3). Type 5 uses the same codes
    /// without the two control TLVs (T5T §4.3; AOSP `tags_defs.h` `I93_ICODE_TLV_TYPE_*`).
    public enum Kind: Sendable, Equatable {
        /// 0x00: padding, no length field.
        case null
        /// 0x01: where the dynamic lock bits are.
        case lockControl
        /// 0x02: memory the NDEF data must skip.
        case memoryControl
        /// 0x03: the NDEF message.
        case ndef
        /// 0xFD: vendor data, skipped by its length.
        case proprietary
        /// 0xFE: the end of the TLVs, no length field.
        case terminator
        /// Any other type byte (reserved by the NFC Forum), skipped by its length.
        case unknown(UInt8)

        public init(typeByte: UInt8) {
            switch typeByte {
            case 0x00: self = .null
            case 0x01: self = .lockControl
            case 0x02: self = .memoryControl
            case 0x03: self = .ndef
            case 0xFD: self = .proprietary
            case 0xFE: self = .terminator
            default: self = .unknown(typeByte)
            }
        }

        public var typeByte: UInt8 {
            switch self {
            case .null: 0x00
            case .lockControl: 0x01
            case .memoryControl: 0x02
            case .ndef: 0x03
            case .proprietary: 0xFD
            case .terminator: 0xFE
            case .unknown(let byte): byte
            }
        }

        /// The name used in reports and JSON ("LockControl", "NDEF", …).
        public var name: String {
            switch self {
            case .null: "NULL"
            case .lockControl: "LockControl"
            case .memoryControl: "MemoryControl"
            case .ndef: "NDEF"
            case .proprietary: "Proprietary"
            case .terminator: "Terminator"
            case .unknown(let byte): "Unknown(0x\(String(byte, radix: 16, uppercase: true)))"
            }
        }
    }

    public var kind: Kind
    /// Byte offset of the type byte from the start of the data area (Type 2: page 4 byte 0 is 0;
    /// Type 5: the first byte after the CC is 0).
    public var offset: Int
    /// The value length; 0 for NULL and Terminator.
    public var length: Int
    /// 1 or 3: how many bytes encode the length; 0 for NULL and Terminator.
    public var lengthFieldBytes: Int
    /// The value bytes (with reserved and lock bytes skipped); empty for NDEF, whose message is
    /// reported separately, and for TLVs whose value runs past the memory that was read.
    public var value: [UInt8]

    public init(kind: Kind, offset: Int, length: Int, lengthFieldBytes: Int, value: [UInt8]) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.lengthFieldBytes = lengthFieldBytes
        self.value = value
    }
}
