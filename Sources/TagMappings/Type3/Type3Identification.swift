import TagCatalog

/// Which FeliCa chip a card is, from its PMm's IC code (byte 1) and the system code it answered
/// polling with. nfcpy `tt3_sony.py` `activate` dispatches on the same byte.
public struct Type3Identification: Sendable, Hashable {
    /// The catalog model, `nil` for a FeliCa chip TapCard has no facts for.
    public var model: TagModel?
    /// The IC code (PMm byte 1).
    public var icCode: UInt8
    /// The product as nfcpy names it ("FeliCa Lite-S (RC-S966)"), when known.
    public var product: String?
    /// The system code polling answered with, when known.
    public var systemCode: UInt16?

    /// F1 (RC-S966) and F2 (FeliCa Link RC-S730 in Lite-S mode) are Lite-S (nfcpy
    /// `FelicaLiteS.IC_CODE_MAP`). F2 is given the Lite-S facts: nfcpy handles it with the same
    /// class; its memory beyond that is UNVERIFIED.
    public static func identify(pmm: [UInt8], systemCode: UInt16? = nil) -> Type3Identification {
        let ic: UInt8 = pmm.count > 1 ? pmm[1] : 0
        let product = FeliCaLiteS.icCodes[ic]
        return Type3Identification(
            model: product == nil ? nil : .feliCaLiteS, icCode: ic, product: product, systemCode: systemCode)
    }

    /// True when the card answered polling for the NDEF system code 12FC.
    public var answersNDEF: Bool { systemCode == Type3Facts.ndefSystemCode }
}
