import SUN
import Type4

/// What reading a secure tag's URL back and verifying it with the keys this iPhone holds found.
/// Never holds a key.
public struct SecureTagCheck: Sendable, Equatable {
    /// Where the keys used came from.
    public enum KeySource: String, Sendable, Equatable {
        /// The keys this iPhone stored for the tag.
        case stored
        /// No keys stored for the tag: the factory keys.
        case factory
    }

    public var uid: [UInt8]
    public var keySource: KeySource
    /// The URL the tag mirrored, when it held one.
    public var url: String?
    /// The UID and read counter the SUN message carried, when it verified.
    public var verification: SUNVerification?
    /// Why it did not verify (or could not be read), when it did not.
    public var failure: String?

    public var isValid: Bool { verification != nil }
}
