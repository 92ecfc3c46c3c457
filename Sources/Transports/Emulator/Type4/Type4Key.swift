/// One AES-128 application key of an NTAG 424 DNA and its version byte: what AuthenticateEV2
/// proves, ChangeKey replaces and GetKeyVersion reports, kept in the chip's state and in its file.
/// As shipped all five are `00…00`, version `00` (shared/reference/type4-type5-ntag424.md §2.2).
public struct Type4Key: Sendable, Equatable {
    /// The 16 key bytes.
    public var value: [UInt8]
    public var version: UInt8

    public init(value: [UInt8] = [UInt8](repeating: 0, count: 16), version: UInt8 = 0) {
        self.value = value
        self.version = version
    }
}
