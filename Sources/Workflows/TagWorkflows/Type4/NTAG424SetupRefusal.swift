import TagCatalog
import TapCardSupport

/// Why TapCard will not provision this tag (SDM setup, key change). Nothing was sent that changes it.
public enum NTAG424SetupRefusal: TapCardError, Equatable {
    /// Only an NTAG 424 DNA has SDM and application keys.
    case notNTAG424(model: TagModel?)
    /// The NDEF file's settings can never be changed (change access "never").
    case settingsFrozen
    /// Changing keys cannot be undone without the new keys: it needs explicit confirmation.
    case confirmationRequired
    /// No new key was given.
    case noNewKeys
    /// A key number outside 0…4.
    case noSuchKey(Int)
    /// An LRP template without ``LRPConfirmation``: switching to LRP cannot be undone.
    case lrpConfirmationRequired

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .notNTAG424(let model):
            "\((model?.withArticle ?? "This Type 4 tag").prefix(1).uppercased() + (model?.withArticle ?? "This Type 4 tag").dropFirst()) is not an NTAG 424 DNA: Secure Dynamic Messaging and the five application keys these commands set are an NTAG 424 DNA's. Nothing was written."
        case .settingsFrozen:
            "The NDEF file's settings can never be changed on this tag (change access is \"never\"). Nothing was written."
        case .confirmationRequired:
            "Changing keys locks you out if the new keys are lost: give --yes-change-keys to confirm. Nothing was written."
        case .noNewKeys: "No new key was given. Nothing was written."
        case .noSuchKey(let number): "Key \(number) does not exist; NTAG 424 DNA keys are 0 to 4. Nothing was written."
        case .lrpConfirmationRequired:
            "Switching an NTAG 424 DNA to LRP mode is permanent: it never speaks AES secure messaging again, and TapCard then cannot change its keys, files or settings (it authenticates in AES mode only). Give --yes-lrp-permanently to confirm. Nothing was written."
        }
    }
}
