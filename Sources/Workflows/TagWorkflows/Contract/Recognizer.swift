import TagCatalog
import TagFrames
import TagTransport
import Type2

/// The one ladder that turns a tag in the field into its driver, for the desk (a PC/SC reader's
/// ``/TagTransport/TagConnection``) and the phone (a CoreNFC session's) alike: ISO-DEP → Type 4,
/// ISO 15693 → Type 5, FeliCa → Type 3, MIFARE Classic sector operations → ``ClassicTag``, NFC-A
/// frames → Type 2. A tag offering several channels
/// (an NTAG 424 DNA offers ISO-DEP and NFC-A) goes to the highest in that order, the one whose
/// mapping holds its NDEF message.
public enum Recognizer {
    /// The driver for the tag on `connection`, `nil` when it offers no channel TapCard speaks.
    /// `password` is presented by a Type 2 driver (the NTAG21x / Ultralight EV1 page password);
    /// `key` authenticates a key-guarded chip (Ultralight C, Ultralight AES) in its place.
    public static func driver(
        for connection: some TagConnection, declaredModel: TagModel? = nil, password: Type2Password? = nil,
        acknowledge: PasswordAcknowledge? = nil, key: Type2AuthenticationKey? = nil
    ) -> (any TagDriver)? {
        let uid = connection.detected.identifier
        if let channel = connection.isoDep {
            return Type4Tag(channel: channel, declaredModel: declaredModel, uid: uid.isEmpty ? nil : uid)
        }
        if let channel = connection.iso15693 { return Type5Tag(channel: channel, declaredModel: declaredModel) }
        if let channel = connection.felica { return Type3Tag(channel: channel, declaredModel: declaredModel) }
        if let channel = connection.classic { return ClassicTag(channel: channel, declaredModel: declaredModel) }
        if let channel = connection.nfcA {
            return type2(channel, declaredModel: declaredModel, password: password, acknowledge: acknowledge, key: key)
        }
        return nil
    }

    /// A Type 2 driver over any NFC-A channel (the existential is opened for the generic driver).
    public static func type2<Channel: NFCAChannel>(
        _ channel: Channel, declaredModel: TagModel?, password: Type2Password?, acknowledge: PasswordAcknowledge?,
        key: Type2AuthenticationKey? = nil
    ) -> any TagDriver {
        Type2Tag(
            transport: channel, declaredModel: declaredModel, password: password, expectedAcknowledge: acknowledge,
            key: key)
    }

    /// True when `error` says the tag is not of the type its channel suggested, so another reader
    /// of NDEF (iOS's own calls on the phone) should try it: a Type 4 tag without the NDEF
    /// application (`6A 82`), a SELECT the carrier refused, a carrier that cannot send the
    /// commands a Type 5 or Type 3 driver needs, a FeliCa card that answers no polling.
    public static func meansNotThisType(_ error: any Error) -> Bool {
        switch error {
        case let failure as Type4Failure:
            switch failure {
            case .refused(.noNDEFApplication): return true
            case .channel(.unsupported(let command, _)): return command.header.starts(with: [0x00, 0xA4, 0x04])
            default: return false
            }
        case let failure as Type5Failure:
            if case .channel(.unsupported) = failure { return true }
            return false
        case let failure as Type3Failure:
            switch failure {
            case .channel(.unsupported), .channel(.noTag): return true
            default: return false
            }
        default:
            return false
        }
    }
}
