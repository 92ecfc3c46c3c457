import TagCatalog
import TagFrames
import TapCardSupport
import Type4

/// Why TapCard will not make this Type 4 tag read-only. Nothing was sent that changes the tag.
public enum Type4LockRefusal: TapCardError, Equatable {
    /// The NFC Forum Type 4 mapping has no command that makes a tag read-only: the transition is
    /// proprietary (T4T 2.0 §5.2), and this chip's is not one TapCard knows.
    case noProcedure(model: TagModel?)
    /// Locking is irreversible and needs explicit confirmation.
    case confirmationRequired
    /// Locking a MIFARE DESFire needs the same confirmation, and is not permanent
    /// (``DESFireLockUndo``): said before anything is sent.
    case confirmationRequiredNotPermanent
    /// The chip can be locked, but only after authenticating with the key that guards its file
    /// settings (`keyNumber`), which TapCard does not send yet.
    case needsAuthentication(model: TagModel, keyNumber: Int)
    /// The tag did not accept the key given for `keyNumber` (AuthenticateEV2First answered
    /// `status`). `model` names the chip (an NTAG 424 DNA, a MIFARE DESFire EV2/EV3), whose factory
    /// key the sentence gives.
    case keyRefused(keyNumber: Int, status: StatusWord, model: TagModel?)
    /// AuthenticateEV2First in AES mode was answered `91 9D` (permission denied): what an NTAG 424
    /// DNA switched to LRP answers, and TapCard authenticates in AES mode only.
    case lrpMode(keyNumber: Int, status: StatusWord)
    /// A MIFARE DESFire EV1 did not accept the key given for `keyNumber` of its NDEF application
    /// (AuthenticateAES answered `status`).
    case ev1KeyRefused(keyNumber: Int, status: StatusWord)
    /// A MIFARE DESFire whose application `000001` is not AN11004's NDEF application as TapCard
    /// lays it out: another issuer's, which a lock must not change.
    case foreignApplication(DESFireForeignApplication)

    public var origin: ErrorOrigin {
        switch self {
        case .keyRefused, .lrpMode, .ev1KeyRefused: .tag
        default: .refusal
        }
    }

    public var sentence: String {
        switch self {
        case .noProcedure(let model):
            let name = model?.withArticle ?? "this Type 4 tag"
            return
                "TapCard cannot make \(name) read-only: the NFC Forum Type 4 mapping defines no command for it (each chip has its own), and this chip's is not known; nothing was written."
        case .confirmationRequired:
            return "Locking is permanent: give --yes-lock-permanently to confirm. Nothing was written."
        case .foreignApplication(let foreign):
            return
                "\(foreign.sentence) TapCard locks only its own NDEF application and leaves another issuer's alone. Nothing was written."
        case .confirmationRequiredNotPermanent:
            return
                "Locking a MIFARE DESFire makes its CC and NDEF files refuse writes with every key, but it is not permanent: the card's PICC master key (all-zero DES as shipped) can delete the application or format the card, and key 0 of application 000001 can replace the NDEF file (anyone can, with AN11004's key settings 0F). Give --yes-lock-permanently to lock it on those terms. Nothing was written."
        case .needsAuthentication(let model, let keyNumber):
            return
                "Locking \(model.withArticle) changes its NDEF file's settings, which needs authentication with key \(keyNumber). Nothing was written."
        case .keyRefused(let keyNumber, let status, let model):
            return
                "\(Self.refusedKeyPhrase(keyNumber: keyNumber, status: status, model: model)); give that key with --key HEX32 (\(Self.factoryKeyPhrase(model: model))). Nothing was written."
        case .ev1KeyRefused(let keyNumber, let status):
            return
                "The card refused the key given for key \(keyNumber) of its NDEF application (AuthenticateAES answered \(status)); give that key with --key HEX32 (TapCard's format leaves it all zeros). Nothing was written."
        case .lrpMode(let keyNumber, let status):
            return
                "The tag refused AES authentication with key \(keyNumber) (AuthenticateEV2First answered \(status)): an NTAG 424 DNA switched to LRP mode answers so, and TapCard authenticates in AES mode only, so it cannot change this tag's keys, files or settings. Its SUN URLs still verify with 'tapcard sun verify'. Nothing was written."
        }
    }

    /// "The NTAG 424 DNA did not accept the key given for key 0 (AuthenticateEV2First answered
    /// 91 AE …)": the chip by name, and which key, of the application on a DESFire.
    public static func refusedKeyPhrase(keyNumber: Int, status: StatusWord, model: TagModel?) -> String {
        let chip = model.map { "The \($0.displayName)" } ?? "The tag"
        let key = model?.type4?.desfire != nil ? "key \(keyNumber) of its NDEF application 000001" : "key \(keyNumber)"
        return "\(chip) did not accept the key given for \(key) (AuthenticateEV2First answered \(status))"
    }

    /// The key a chip of `model` holds until someone changes it: an NTAG 424 DNA ships with all
    /// five AES keys zero (NT4H2421Gx §8.2.3.1); a DESFire's NDEF application gets its keys from
    /// whoever created it (TapCard's `format`: all zeros), not from the factory.
    public static func factoryKeyPhrase(model: TagModel?) -> String {
        if model?.type4?.desfire != nil {
            return
                "TapCard's format leaves it all zeros; a \(model?.displayName ?? "DESFire") comes from the factory with no NDEF application, so whoever created it chose its keys"
        }
        if model == .ntag424DNA { return "a factory NTAG 424 DNA's keys are all zeros" }
        return "TapCard does not know this chip's factory key"
    }
}
