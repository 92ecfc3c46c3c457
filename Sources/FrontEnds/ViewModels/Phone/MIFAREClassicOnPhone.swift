import CoreNFCTransport
import TapCardSupport

/// A MIFARE tag that iOS names no family for: what a MIFARE Classic (or a card answering as one:
/// a MIFARE Mini, a MIFARE Plus in security level 1) looks like to CoreNFC, whose `NFCMiFareTag`
/// families are only Ultralight, Plus and DESFire and which has no Crypto1 ("Crypto1 protocol is
/// not supported", `NFCMiFareTag.h`). Every sector of such a card needs Crypto1 authentication
/// before a single byte reads, so the phone refuses it, naming it, before anything is sent; a
/// computer with a PC/SC reader reads and writes it (AN1304 NDEF).
public struct MIFAREClassicOnPhone: TapCardError, Equatable {
    /// The UID iOS reported (4 or 7 bytes).
    public var uid: [UInt8]

    public init(uid: [UInt8]) { self.uid = uid }

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        "This looks like a MIFARE Classic (a MIFARE tag with a \(uid.count)-byte UID that iOS names no family for, as it does every Classic card). Its sectors open only after Crypto1 authentication, which iPhones cannot do, so TapCard cannot read or write it here. Read or write it with TapCard on a computer with a desktop NFC reader. Nothing was sent to the tag."
    }

    /// Throws when `connection` is such a tag.
    static func refuse(_ connection: PhoneTagConnection) throws(MIFAREClassicOnPhone) {
        if case .miFare(let family) = connection.technology, family == TagTechnology.unknownMiFareFamily {
            throw MIFAREClassicOnPhone(uid: connection.uid)
        }
    }
}
