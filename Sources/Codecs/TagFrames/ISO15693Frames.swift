/// An ISO/IEC 15693-3 request as a mapping builds it: flags, command code and parameters, never
/// the UID or the IC manufacturer code (the channel adds the UID when ``Flags/address`` is set
/// and the manufacturer code for custom commands 0xA0–0xDF, as iOS's typed calls do).
public struct ISO15693Request: Sendable, Hashable, CustomStringConvertible {
    /// Request flags (ISO/IEC 15693-3 table 3, bits 5–8 with the inventory flag clear).
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let subcarriers = Flags(rawValue: 0x01)
        public static let highDataRate = Flags(rawValue: 0x02)
        public static let inventory = Flags(rawValue: 0x04)
        public static let protocolExtension = Flags(rawValue: 0x08)
        public static let select = Flags(rawValue: 0x10)
        public static let address = Flags(rawValue: 0x20)
        public static let option = Flags(rawValue: 0x40)
    }

    public var flags: Flags
    public var command: UInt8
    public var parameters: [UInt8]

    public init(flags: Flags = [.highDataRate, .address], command: UInt8, parameters: [UInt8] = []) {
        self.flags = flags
        self.command = command
        self.parameters = parameters
    }

    /// True for the custom and proprietary command range, which carries the IC manufacturer code.
    public var isCustom: Bool { (0xA0...0xDF).contains(command) }

    public var label: CommandLabel { .iso15693(command) }
    public var description: String { label.description }
}

/// An ISO/IEC 15693-3 response: the error flag and code are data for the mapping to judge.
public struct ISO15693Response: Sendable, Hashable {
    /// The response flags byte (bit 1: error).
    public var flags: UInt8
    /// The bytes after the flags (or after the error code), without CRC.
    public var payload: [UInt8]

    public init(flags: UInt8, payload: [UInt8]) {
        self.flags = flags
        self.payload = payload
    }

    public var isError: Bool { flags & 0x01 != 0 }
    /// The error code (ISO/IEC 15693-3 table 7) when ``isError``.
    public var errorCode: UInt8? { isError ? payload.first : nil }
}

/// A FeliCa command as a mapping builds it: the command code, the IDm it addresses and the
/// parameters. The LEN byte and the CRC belong to the carrier (iOS adds both).
public struct FeliCaCommand: Sendable, Hashable, CustomStringConvertible {
    public var code: UInt8
    public var idm: [UInt8]
    public var parameters: [UInt8]

    public init(code: UInt8, idm: [UInt8], parameters: [UInt8] = []) {
        self.code = code
        self.idm = idm
        self.parameters = parameters
    }

    public var label: CommandLabel { .felica(code) }
    public var description: String { label.description }
}

/// A FeliCa response: its code (the command's plus one), the IDm, and the rest (status flags and
/// data), without LEN and CRC.
public struct FeliCaResponse: Sendable, Hashable {
    public var code: UInt8
    public var idm: [UInt8]
    public var payload: [UInt8]

    public init(code: UInt8, idm: [UInt8], payload: [UInt8]) {
        self.code = code
        self.idm = idm
        self.payload = payload
    }
}
