import TagCatalog
import TagFrames
import TagWorkflows
import TapCardSupport

/// `ntag424 keys`: the tag did not accept the current key it was given for `keyNumber`. Its own
/// words, since this command takes current keys as `--old-key N=HEX32` (the shared refusal names
/// `--key`, which this command does not have); the chip and its factory key as the shared refusal
/// names them.
struct NTAG424OldKeyRefused: TapCardError, Equatable {
    var keyNumber: Int
    /// The tag's answer ("91 AE (authentication error)").
    var status: StatusWord
    /// The chip that refused (an NTAG 424 DNA, a MIFARE DESFire EV2/EV3).
    var model: TagModel?

    var origin: ErrorOrigin { .tag }

    var sentence: String {
        "\(Type4LockRefusal.refusedKeyPhrase(keyNumber: keyNumber, status: status, model: model)); give its current value with --old-key \(keyNumber)=HEX32 (\(Type4LockRefusal.factoryKeyPhrase(model: model))). No key was changed."
    }
}
