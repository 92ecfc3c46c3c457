/// The directions an ``AESContext`` is prepared for. A platform context keeps one key schedule per
/// direction; a context that only encrypts (CMAC, CBC encryption, the SUN IV) skips the other.
public struct AESDirection: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The forward cipher: ECB and CBC encryption, CMAC.
    public static let encrypt = AESDirection(rawValue: 1)
    /// The inverse cipher: ECB and CBC decryption.
    public static let decrypt = AESDirection(rawValue: 2)
    /// Both directions.
    public static let both: AESDirection = [.encrypt, .decrypt]
}
