import Originality

extension TagDetail {
    /// The originality signature the chip answered (NTAG 424 DNA's Read_Sig, ICODE SLIX2's READ
    /// SIGNATURE); `nil` when the type's inspection asked for none or the chip gave none.
    public var originalitySignature: [UInt8]? {
        switch self {
        case .type4Inspection(let inspection): inspection.signature
        case .type5Inspection(let inspection): inspection.signature
        case .type2Read, .type2Inspection, .type3Read, .type3Inspection, .type4Read, .type5Read, .classicRead,
            .classicInspection:
            nil
        }
    }

    /// The originality verdict the type's inspection chose: NTAG 424 DNA's on secp224r1, ICODE
    /// SLIX2's (or none for another maker's Type 5 chip), none for FeliCa, the Type 2 inspection's
    /// check against NXP's keys. `uid` is the UID the front end shows. `nil` for a read without
    /// the type's inspection: the front end checks what it read itself.
    public func originality(uid: [UInt8]) -> SignatureCheck? {
        switch self {
        case .type4Inspection(let inspection): inspection.originality(uid: uid)
        case .type5Inspection(let inspection): inspection.originality
        case .type3Inspection(let inspection): inspection.originality(uid: uid)
        case .type2Inspection(let inspection): inspection.signature
        // MIFARE Classic has no originality signature TapCard can read through these channels.
        case .type2Read, .type3Read, .type4Read, .type5Read, .classicRead, .classicInspection: nil
        }
    }
}
