import TagFrames

/// What the carrier learnt about a tag when it found it, per air technology: identity and the
/// activation bytes it exposes (iOS exposes no ATQA or SAK, hence the optionals).
public enum DetectedTechnology: Sendable, Equatable {
    case nfcA(uid: [UInt8], atqa: [UInt8]?, sak: UInt8?, ats: [UInt8]?)
    case iso15693(uid: [UInt8], dsfid: UInt8?)
    case felica(idm: [UInt8], pmm: [UInt8], systemCode: UInt16?)

    /// The identifier: UID, or IDm for FeliCa.
    public var identifier: [UInt8] {
        switch self {
        case .nfcA(let uid, _, _, _): uid
        case .iso15693(let uid, _): uid
        case .felica(let idm, _, _): idm
        }
    }

    /// True when SAK bit 0x20 says the tag speaks ISO/IEC 14443-4 (nfcpy's rule for T4T), or when
    /// the carrier handed over ATS bytes.
    public var offersISODep: Bool {
        guard case .nfcA(_, _, let sak, let ats) = self else { return false }
        if let sak { return sak & 0x20 != 0 }
        return ats != nil
    }
}
