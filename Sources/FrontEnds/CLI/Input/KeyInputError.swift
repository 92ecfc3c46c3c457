import CommandLineKit
import TapCardSupport

/// An NTAG 424 DNA key given on the command line that is not 16 bytes of hex. The key itself is
/// never repeated in the sentence.
struct KeyInputError: TapCardError, Equatable {
    let option: String
    /// The bytes the hex held, or `nil` when it was not hex.
    let bytes: Int?

    var origin: ErrorOrigin { .input }

    var sentence: String {
        if let bytes {
            return "\(option): an AES-128 key is 16 bytes (32 hex digits); this one has \(bytes)."
        }
        return "\(option): an AES-128 key is 32 hex digits; this is not hex."
    }
}

extension KeyInputError {
    /// The 16 key bytes `text` holds, or this error naming `option`: the one parser behind every
    /// key option (`lock --key`, `sun verify --meta-key/--file-key`).
    static func key(_ text: String, option: String) throws(KeyInputError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(text)
        } catch {
            throw KeyInputError(option: option, bytes: nil)
        }
        guard bytes.count == 16 else { throw KeyInputError(option: option, bytes: bytes.count) }
        return bytes
    }
}

extension KeyInputError {
    /// `--key HEX32`: an NTAG 424 DNA AES key (16 bytes), `nil` when not given. Never printed.
    static func key(_ arguments: inout Arguments, option: String = "--key") throws -> [UInt8]? {
        guard let text = try arguments.option(option) else { return nil }
        return try key(text, option: option)
    }
}
