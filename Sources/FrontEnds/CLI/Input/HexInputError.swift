import TapCardSupport

/// Hex text given to a command that is not hex; `offset` counts bytes of the text.
struct HexInputError: TapCardError, Equatable {
    let underlying: HexError

    init(_ underlying: HexError) { self.underlying = underlying }

    var origin: ErrorOrigin { .input }
    var offset: Int { underlying.offset }

    var rule: String {
        switch underlying {
        case .invalidCharacter: "The input is not hex text: this character is not a hex digit or separator."
        case .oddDigits: "The input is not hex text: this hex digit has no partner (every byte is two digits)."
        }
    }

    var sentence: String { "\(rule) (byte \(offset))" }
}
