import MIFAREClassic
import TapCardSupport

/// TapCard's refusal to change a MIFARE Classic card, decided from what it read before anything
/// was written: nothing was sent that changes the card.
public enum ClassicPlanRefusal: TapCardError, Equatable {
    /// No MAD, or no sector for the NFC Forum AID: `format` makes one.
    case notFormatted(ClassicNDEFError)
    /// NDEF sector `sector` refuses writes (its access bits or its GPB).
    case readOnly(sector: Int)
    /// The write plan's refusal (too big, area not read).
    case plan(ClassicWriteError)
    /// `format` on a card that holds a MAD already, or whose sectors are not all in the transport
    /// configuration (`sector` is the first that is not).
    case notBlank(sector: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .notFormatted(let reason):
            "The card is not NDEF-formatted (\(reason.sentence)); run 'format' first. Nothing was written."
        case .readOnly(let sector):
            "NDEF sector \(sector) is read-only (its access bits or its GPB refuse writes with key A). Nothing was written."
        case .plan(let error): error.sentence
        case .notBlank(let sector):
            "Sector \(sector) is not as a factory card's (transport keys A and B FFFFFFFFFFFF, access bits FF 07 80, empty data blocks) nor as an earlier TapCard format left it: it is under another key, holds data, or was blocked by a torn trailer write; or the card holds a MAD already. TapCard formats only blank cards and never overwrites what is not its own (use 'erase' to empty an NDEF card). Nothing was written."
        }
    }
}
