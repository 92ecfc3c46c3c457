/// Why a cipher refused its input. Ciphers sits below TapCardSupport (it depends on nothing), so
/// this error carries its own sentence; the modules that use Ciphers wrap it in their
/// `TapCardError`, where the figures mean something to a person (a key number, a file).
public enum CipherError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An AES-128 key must be 16 bytes.
    case keyLength(Int)
    /// A block, or the data of ECB or CBC without padding, must be a whole number of 16-byte blocks.
    case notWholeBlocks(Int)
    /// A CBC initialisation vector must be one block, 16 bytes.
    case ivLength(Int)
    /// ISO/IEC 9797-1 padding method 2 is missing or malformed in the last block.
    case badPadding
    /// A two-key triple-DES key must be 16 bytes (K1 then K2).
    case tripleDESKeyLength(Int)
    /// Triple DES without padding works on whole 8-byte blocks.
    case tripleDESNotWholeBlocks(Int)
    /// A triple-DES CBC initialisation vector must be one block, 8 bytes.
    case tripleDESIVLength(Int)
    /// The platform's DES cannot be used in this process; the text is the loader's reason.
    case tripleDESUnavailable(String)

    public var description: String {
        switch self {
        case .keyLength(let count):
            "An AES-128 key is 16 bytes; this one has \(count)."
        case .notWholeBlocks(let count):
            "AES works on 16-byte blocks without padding here; \(count) bytes is not a whole number of blocks."
        case .ivLength(let count):
            "A CBC initialisation vector is 16 bytes; this one has \(count)."
        case .badPadding:
            "The last block does not end in ISO/IEC 9797-1 method 2 padding (80 followed only by 00)."
        case .tripleDESKeyLength(let count):
            "A two-key triple-DES key is 16 bytes; this one has \(count)."
        case .tripleDESNotWholeBlocks(let count):
            "Triple DES works on 8-byte blocks without padding here; \(count) bytes is not a whole number of blocks."
        case .tripleDESIVLength(let count):
            "A triple-DES CBC initialisation vector is 8 bytes; this one has \(count)."
        case .tripleDESUnavailable(let reason):
            "Triple DES needs the platform's DES (OpenSSL's libcrypto or CommonCrypto), which is not usable here: \(reason)."
        }
    }
}
