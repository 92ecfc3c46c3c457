import TagFrames
import TagTransport

/// The tag of a running phone session as a ``/TagTransport/TagConnection``: what iOS detected and
/// the channels it can reach the tag through (design/multi-technology.md §2.8). A `.miFare` tag
/// offers NFC-A frames (`sendMiFareCommand`), and ISO-DEP as well when it is of the DESFire or Plus
/// family (`sendMiFareISO7816Command`); an `.iso7816` tag offers ISO-DEP only (`sendCommand(apdu:)`);
/// an `.iso15693` tag ISO 15693 requests only (``PhoneISO15693Channel``); a `.feliCa` card FeliCa
/// commands only (``PhoneFeliCaChannel``).
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
    public let iso15693Channel: PhoneISO15693Channel?
    public let feliCaChannel: PhoneFeliCaChannel?

    /// - Parameter feliCaSystemCode: the system code iOS selected for a `.feliCa` card.
    init(
        uid: [UInt8], technology: TagTechnology, initialSelectedAID: String?, nfcA: (any NFCAChannel)?,
        isoDep: (any ISODepChannel)?, iso15693: (any ISO15693Channel)? = nil, felica: (any FeliCaChannel)? = nil,
        feliCaSystemCode: UInt16? = nil
    ) {
        self.technology = technology
        iso15693Channel = iso15693.map { PhoneISO15693Channel(uid: uid, technology: technology, radio: $0) }
        feliCaChannel = felica.map {
            PhoneFeliCaChannel(technology: technology, systemCode: feliCaSystemCode, radio: $0)
        }
        if case .iso15693 = technology {
            // The DSFID comes with GET SYSTEM INFO, which the Type 5 mapping asks for itself.
            detected = .iso15693(uid: uid, dsfid: nil)
        } else if case .feliCa = technology {
            detected = .felica(idm: felica?.idm ?? uid, pmm: felica?.pmm ?? [], systemCode: feliCaSystemCode)
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
    public var iso15693: (any ISO15693Channel)? { iso15693Channel }
    public var felica: (any FeliCaChannel)? { feliCaChannel }
}
