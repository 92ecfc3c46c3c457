import TagFrames
import TagTransport

/// The tag of a running phone session as a ``/TagTransport/TagConnection``: what iOS detected and
/// the channels it can reach the tag through (design/multi-technology.md §2.8). A `.miFare` tag
/// offers NFC-A frames (`sendMiFareCommand`), and ISO-DEP as well when it is of the DESFire or Plus
/// family (`sendMiFareISO7816Command`); an `.iso7816` tag offers ISO-DEP only (`sendCommand(apdu:)`).
/// ISO 15693 and FeliCa commands are not carried yet (`nil`).
///
/// iOS exposes no ATQA, SAK or full ATS, so ``detected`` has `nil` there: ask ``isoDep`` whether
/// the tag speaks ISO-DEP, not `detected.offersISODep`. Valid only inside
/// ``CoreNFCTagSessions/withConnection(_:_:)``.
public final class PhoneTagConnection: TagConnection {
    public let detected: DetectedTechnology
    /// How the tag presented itself to iOS.
    public let technology: TagTechnology
    /// The NFC-A channel as TapCard's Type 2 work takes it.
    public let transport: PhoneTagTransport?
    public let isoDepChannel: PhoneISODepChannel?

    init(
        uid: [UInt8], technology: TagTechnology, initialSelectedAID: String?, nfcA: (any NFCAChannel)?,
        isoDep: (any ISODepChannel)?
    ) {
        self.technology = technology
        if case .iso15693 = technology {
            detected = .iso15693(uid: uid, dsfid: nil)
        } else if case .feliCa = technology {
            detected = .felica(idm: uid, pmm: [], systemCode: nil)
        } else {
            detected = .nfcA(uid: uid, atqa: nil, sak: nil, ats: nil)
        }
        transport = nfcA.map { PhoneTagTransport(uid: uid, technology: technology, radio: $0) }
        isoDepChannel = isoDep.map {
            PhoneISODepChannel(uid: uid, technology: technology, initialSelectedAID: initialSelectedAID, radio: $0)
        }
    }

    /// The UID (or IDm) the tag announced.
    public var uid: [UInt8] { detected.identifier }
    public var nfcA: (any NFCAChannel)? { transport }
    public var isoDep: (any ISODepChannel)? { isoDepChannel }
    public var iso15693: (any ISO15693Channel)? { nil }
    public var felica: (any FeliCaChannel)? { nil }
}
