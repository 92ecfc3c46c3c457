import NDEF
import TapCardSupport

/// A command-line argument whose bytes are not UTF-8. Swift's `CommandLine.arguments` repairs
/// such bytes to U+FFFD, so `write text "caf\xE9"` wrote `EF BF BD` to the tag and said
/// "Verified"; `decode` refuses the same bytes inside a record. One rule for both: text is UTF-8
/// or it is refused (65), before anything is created or sent.
public struct ArgumentEncodingError: TapCardError, Equatable {
    /// The argument's position after the program name (1 is the first).
    public var argument: Int
    /// The offset of the first byte that is not UTF-8, and the byte.
    public var offset: Int
    public var byte: UInt8

    public init(argument: Int, offset: Int, byte: UInt8) {
        self.argument = argument
        self.offset = offset
        self.byte = byte
    }

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        "Argument \(argument) is not UTF-8 text (byte \(Hex.encode([byte], uppercase: true)) at offset \(offset)); TapCard takes text, URIs and names as UTF-8 only and does not repair them. Nothing was written."
    }

    /// The first argument of `arguments` (raw bytes, program name excluded) that is not UTF-8.
    public static func check(_ arguments: [[UInt8]]) -> ArgumentEncodingError? {
        for (index, bytes) in arguments.enumerated() {
            if case .failure(.invalid(let offset)) = UnicodeText.utf8(bytes[...]), offset < bytes.count {
                return ArgumentEncodingError(argument: index + 1, offset: offset, byte: bytes[offset])
            }
        }
        return nil
    }
}
