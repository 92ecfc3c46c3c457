/// The four access conditions of an NTAG 424 DNA file, one nibble each: `0`…`4` an application
/// key, `E` free, `F` never (shared/reference/type4-type5-ntag424.md §2.2).
///
/// On the wire they are two bytes, the 16-bit word `Read<<12 | Write<<8 | ReadWrite<<4 | Change`
/// sent little-endian: byte 0 = ReadWrite ‖ Change, byte 1 = Read ‖ Write. The factory NDEF file's
/// `E0 EE` is ReadWrite E, Change 0, Read E, Write E; the proprietary file's `30 23` is ReadWrite 3,
/// Change 0, Read 2, Write 3.
public struct Type4AccessRights: Sendable, Equatable {
    public var read: UInt8
    public var write: UInt8
    public var readWrite: UInt8
    public var change: UInt8

    /// The nibble meaning "free access".
    public static let free: UInt8 = 0xE
    /// The nibble meaning "never".
    public static let never: UInt8 = 0xF

    public init(read: UInt8, write: UInt8, readWrite: UInt8, change: UInt8) {
        self.read = read & 0x0F
        self.write = write & 0x0F
        self.readWrite = readWrite & 0x0F
        self.change = change & 0x0F
    }

    /// The rights from their two wire bytes.
    public init(bytes first: UInt8, _ second: UInt8) {
        self.init(read: second >> 4, write: second & 0x0F, readWrite: first >> 4, change: first & 0x0F)
    }

    /// The two wire bytes.
    public var bytes: [UInt8] { [readWrite << 4 | change, read << 4 | write] }

    /// True when a reader that has not authenticated may read (Read or ReadWrite is E).
    public var allowsFreeRead: Bool { read == Self.free || readWrite == Self.free }
    /// True when a reader that has not authenticated may write (Write or ReadWrite is E).
    public var allowsFreeWrite: Bool { write == Self.free || readWrite == Self.free }

    /// How a set of conditions answers a native command (NTAG 424 DNA datasheet §10.7.1, §10.8.1,
    /// §10.8.2, return codes).
    enum Grant: Sendable, Equatable {
        /// A condition names the authenticated key: the file's communication mode applies.
        case key
        /// A condition is `E`: plain, with or without a session. When a session's key is also
        /// named, ``key`` wins (a modelling choice: the datasheet's §8.2.3.5 is not in the reference).
        case free
        /// Every condition is `F`: `91 9D` PERMISSION_DENIED.
        case never
        /// Some condition names a key that is not authenticated: `91 AE` AUTHENTICATION_ERROR.
        case authenticationRequired
    }

    static func grant(_ conditions: [UInt8], authenticatedKey: UInt8?) -> Grant {
        if let authenticatedKey, conditions.contains(authenticatedKey) { return .key }
        if conditions.contains(Self.free) { return .free }
        if conditions.allSatisfy({ $0 == Self.never }) { return .never }
        return .authenticationRequired
    }

    /// ReadData: Read or ReadWrite.
    func readGrant(authenticatedKey: UInt8?) -> Grant {
        Self.grant([read, readWrite], authenticatedKey: authenticatedKey)
    }

    /// WriteData: Write or ReadWrite.
    func writeGrant(authenticatedKey: UInt8?) -> Grant {
        Self.grant([write, readWrite], authenticatedKey: authenticatedKey)
    }

    /// ChangeFileSettings: Change.
    func changeGrant(authenticatedKey: UInt8?) -> Grant {
        Self.grant([change], authenticatedKey: authenticatedKey)
    }

    /// True when every nibble is an application key (0…4), `E` or `F`: ChangeFileSettings refuses
    /// other key numbers with `91 9E` (§10.7.1, "Targeted key … does not exist").
    func namesOnlyExistingKeys(keyCount: Int) -> Bool {
        [read, write, readWrite, change].allSatisfy { Int($0) < keyCount || $0 == Self.free || $0 == Self.never }
    }
}
