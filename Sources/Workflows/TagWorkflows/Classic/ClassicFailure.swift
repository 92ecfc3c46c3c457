import TagTransport
import TapCardSupport

/// Why a MIFARE Classic operation failed: the carrier (a tear, a lost card: nobody knows whether
/// it landed; or the card's status word, `69 82` a block its access bits refuse), or no key opened
/// a sector.
public enum ClassicFailure: CommandFailure, Equatable {
    case channel(ChannelError)
    case keysRefused(ClassicKeyRefusal)

    public var channelError: ChannelError? {
        if case .channel(let error) = self { return error }
        return nil
    }

    public var refusal: ClassicKeyRefusal? {
        if case .keysRefused(let refusal) = self { return refusal }
        return nil
    }

    /// False when the card answered with a refusal (a status word, a refused key): nothing
    /// changed. A command that did not come back may have landed.
    public var mayHaveLanded: Bool {
        switch self {
        case .keysRefused, .channel(.statusWord): false
        case .channel: true
        }
    }
}
