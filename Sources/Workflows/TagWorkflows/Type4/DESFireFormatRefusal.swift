import TagFrames
import TapCardSupport
import Type4

/// Why TapCard will not NDEF-format this DESFire, or why the card would not let it.
public enum DESFireFormatRefusal: TapCardError, Equatable {
    /// A generation without AN11004 mapping version 2 (a D40 has no ISO file IDs; a DESFire
    /// Light has fixed files and no CreateApplication).
    case generation(String)
    /// The NDEF file asked for does not fit the free memory the card reported.
    case doesNotFit(ndefFileSize: Int, freeMemory: Int, needed: Int)
    /// The free memory left no room for an NDEF file of the minimum 5 bytes.
    case noRoom(freeMemory: Int)
    /// A PICC master key that is not 16 bytes.
    case keyLength(bytes: Int)
    /// The card wanted the PICC master key for CreateApplication and refused the one given
    /// (`authentication`, AuthenticateEV2First or AuthenticateAES, answered `status`).
    case piccKeyRefused(given: Bool, status: StatusWord, authentication: DESFireInstruction)
    /// Application `000001` exists and is not AN11004's NDEF application: another issuer's.
    case foreignApplication(DESFireForeignApplication)
    /// `--ndef-size` asked for `asked` bytes where the card's CC file already names an NDEF file
    /// of `existing` (a formatted card when `complete`, else a format a tear interrupted).
    case sizeFixed(asked: Int, existing: Int, complete: Bool)

    public var origin: ErrorOrigin {
        switch self {
        case .piccKeyRefused: .tag
        default: .refusal
        }
    }

    public var sentence: String {
        switch self {
        case .generation(let name):
            "TapCard formats DESFire EV1, EV2 and EV3 cards (AN11004 mapping version 2); this card is a \(name). Nothing was written."
        case .doesNotFit(let size, let free, let needed):
            "An NDEF file of \(size) bytes does not fit: the card reports \(free) bytes free, and the application with its CC file and that NDEF file needs about \(needed) (assuming 32-byte allocation blocks and 64 bytes for the application). Nothing was written."
        case .noRoom(let free):
            "The card reports \(free) bytes free: no room for the NDEF application and an NDEF file. Nothing was written."
        case .keyLength(let bytes):
            "A DESFire PICC master key for AES has 16 bytes; \(bytes) were given. Nothing was written."
        case .foreignApplication(let foreign):
            "\(foreign.sentence) TapCard creates its NDEF application only at AID 000001 (AN11004), and will not overwrite or add files to another issuer's application. Nothing was written; 'tapcard info' lists the card's applications."
        case .sizeFixed(let asked, let existing, let complete):
            complete
                ? "The card is NDEF-formatted already, with an NDEF file of \(existing) bytes (named by its CC file); a DESFire file's size cannot change without deleting the file and its message, so --ndef-size \(asked) cannot take effect. Nothing was written."
                : "An interrupted format left a CC file naming an NDEF file of \(existing) bytes, and the CC can no longer change without the application's key; run format again without --ndef-size (or with --ndef-size \(existing)) to finish it. Nothing was written."
        case .piccKeyRefused(let given, let status, let authentication):
            "The card creates applications only after authentication with its PICC master key, and it refused \(given ? "the key given" : "the all-zero AES key") (\(authentication.name) answered \(status)). Give the PICC master key with --key HEX32; TapCard authenticates with AES keys only, and a card whose PICC master key is still the factory DES key needs it changed to AES first. Nothing was written."
        }
    }
}
