import TapCardSupport

/// A password or PACK given as text that is not the right number of hex bytes.
public enum PasswordInputError: TapCardError, Equatable {
    /// What was given: a PWD_AUTH password, a PACK, or an Ultralight C key.
    public enum What: String, Sendable, Equatable {
        case password = "A password"
        case acknowledge = "A PACK"
        case key = "A key"

        var example: String {
            switch self {
            case .password: "1a2b3c4d"
            case .acknowledge: "5e6f"
            case .key: "00112233445566778899aabbccddeeff"
            }
        }
    }

    /// Not hex text.
    case notHex(What, HexError)
    /// `got` bytes where `expected` are needed.
    case wrongLength(What, got: Int, expected: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .notHex(let what, let error):
            "\(what.rawValue) is given as hex digits. \(error.sentence)"
        case .wrongLength(let what, let got, let expected):
            "\(what.rawValue) is \(expected) bytes (\(expected * 2) hex digits, e.g. \(what.example)); this one has \(got) \(got == 1 ? "byte" : "bytes")."
        }
    }

    static func hexBytes(_ text: String, expected: Int, what: What) throws(PasswordInputError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(text)
        } catch {
            throw .notHex(what, error)
        }
        guard bytes.count == expected else { throw .wrongLength(what, got: bytes.count, expected: expected) }
        return bytes
    }
}
