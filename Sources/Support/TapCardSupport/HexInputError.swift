/// Hex text given to a command that is not hex; `offset` counts bytes of the text.
public struct HexInputError: TapCardError, Equatable {
    public let underlying: HexError

    public init(_ underlying: HexError) { self.underlying = underlying }

    public var origin: ErrorOrigin { .input }
    public var offset: Int { underlying.offset }

    public var rule: String {
        switch underlying {
        case .invalidCharacter: "The input is not hex text: this character is not a hex digit or separator."
        case .oddDigits: "The input is not hex text: this hex digit has no partner (every byte is two digits)."
        }
    }

    public var sentence: String { "\(rule) (byte \(offset))" }
}
