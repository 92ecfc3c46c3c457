import Contacts
import NDEF
import TapCardSupport

/// A card that cannot be encoded as asked.
public enum CardError: TapCardError, Equatable {
    /// The `url` and `dual` formats need a link and the profile has none.
    case noLink
    /// A card needs a name (vCard FN and N are mandatory).
    case noName
    /// A value holds a control character that vCard and MeCard text cannot carry.
    case controlCharacter(ControlCharacter)
    /// The link a `url` or `dual` card writes breaks the URI rule `write uri` keeps (a space, a
    /// control, bidi or invisible character, no scheme): the rule's own sentence.
    case link(RecordValueError)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .noLink:
            "The url and dual formats write a link, and there is none: give --link URL or a --url."
        case .noName:
            "A card needs a name: give --name, or --given and --family."
        case .link(let problem):
            problem.sentence
        case .controlCharacter(let found):
            "The \(found.field) holds the control character U+\(Self.hex(found.codePoint)) at position \(found.offset + 1); a vCard or MeCard cannot carry it, so nothing was encoded. Remove it and try again."
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
