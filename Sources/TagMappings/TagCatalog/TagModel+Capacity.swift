import TapCardSupport

/// Capacity facts per model, derived from the factory layout in ``TagModel/type2Layout`` and the
/// formatted image (``TagModel/formattedCC``, ``TagModel/factoryTLVsBeforeNDEF``). Every figure
/// here is a model default: callers get it as ``Capacity`` with source `.assumed`.
extension TagModel {
    /// User memory in bytes as the datasheet advertises it (the figure on the box, not what an
    /// NDEF message can use).
    public var userMemoryBytes: Int {
        if let layout = type2Layout { return layout.userMemoryBytes }
        if let facts = type5 { return facts.userBytes }
        if let facts = type3 { return facts.userBlocks.count * Type3Facts.blockSize }
        if let desfire = type4?.desfire { return desfire.memoryBytes }
        if let facts = classic { return facts.ndefAreaBytes }
        return Self.type4AssumedNDEFFileBytes
    }

    /// The NDEF data area the CC announces: CC byte 2 × 8. For Type 4, the assumed NDEF file size.
    public var ccDataAreaBytes: Int {
        if let facts = type5 { return Self.type5FormattedMLEN(facts) * 8 }
        if let facts = type3 { return facts.dataBlocks * Type3Facts.blockSize }
        if let facts = classic { return facts.ndefAreaBytes }
        guard let cc = formattedCC, cc.count >= 3 else { return Self.type4AssumedNDEFFileBytes }
        return Int(cc[2]) * 8
    }

    /// The NDEF file an unknown Type 4 tag is assumed to have: 256 bytes, the NDEF file of an
    /// NTAG 424 DNA as shipped, the most common Type 4 sticker. Real Type 4 tags range from a few
    /// hundred bytes to several kilobytes; only the tag's CC file says which, so this figure is
    /// always presented as assumed.
    public static let type4AssumedNDEFFileBytes = 256

    /// The MLEN TapCard's Type 5 formatter writes in a 4-byte CC: the data area after the CC in
    /// 8-byte units, rounded down (NFC Forum T5T: "size of the T5T_Area in 8 bytes"; ST's formatter
    /// agrees). ICODE SLIX2: (316 − 4) ÷ 8 = 39; ST25DV04K: (512 − 4) ÷ 8 = 63.
    public static func type5FormattedMLEN(_ facts: Type5Facts) -> Int { max(0, facts.userBytes - 4) / 8 }

    /// The largest NDEF message a factory-fresh (or freshly formatted) tag of this model holds,
    /// derived from the CC data area and the TLV overhead. Always `.assumed`: no tag was asked.
    public var assumedCapacity: Capacity {
        Capacity(bytes: maximumNDEFMessageBytes, source: .assumed, model: self)
    }

    /// The derivation behind ``assumedCapacity``.
    public var maximumNDEFMessageBytes: Int {
        if type5 != nil { return NDEFCapacity.type2MaximumMessage(dataAreaBytes: ccDataAreaBytes) }
        if type3 != nil { return ccDataAreaBytes }
        if let desfire = type4?.desfire {
            return NDEFCapacity.type4MaximumMessage(ndefFileBytes: desfire.formattedNDEFFileBytes)
        }
        // MIFARE Classic's NDEF area is a TLV area as on Type 2 (AN1304 §6), with no TLV before the NDEF TLV.
        if let facts = classic { return NDEFCapacity.type2MaximumMessage(dataAreaBytes: facts.ndefAreaBytes) }
        if type2Layout == nil {
            return NDEFCapacity.type4MaximumMessage(ndefFileBytes: Self.type4AssumedNDEFFileBytes)
        }
        return NDEFCapacity.type2MaximumMessage(
            dataAreaBytes: ccDataAreaBytes, bytesBeforeNDEF: factoryTLVsBeforeNDEF.count)
    }

    /// "an NTAG213", "a MIFARE Ultralight C", "a Type 4 tag": the model with its article, for
    /// sentences.
    public var withArticle: String {
        // "NTAG" is read letter by letter ("en-tag"); MIFARE and Type start with consonant sounds.
        // ICODE and ST25 ("es-tee") start with vowel sounds too.
        (["NTAG", "ICODE", "ST25"].contains { displayName.hasPrefix($0) } ? "an " : "a ") + displayName
    }
}

extension TagModel {
    /// How ``assumedCapacity`` was derived, as one sentence with every figure, e.g. "Assuming an
    /// NTAG213 as shipped: CC data area 144 bytes (CC byte 2 = 0x12, × 8), minus 5 bytes of
    /// factory Lock Control TLV, minus 2 bytes of NDEF TLV type and length = 137 bytes of NDEF
    /// message."
    public var capacityDerivation: String {
        let maximum = maximumNDEFMessageBytes
        if let facts = type5 {
            let mlen = Self.type5FormattedMLEN(facts)
            return "Assuming \(withArticle) once NDEF-formatted (it ships without a CC): \(facts.userBytes) bytes "
                + "of user memory (\(facts.userBlocks.count) blocks of \(facts.blockSize)), minus the 4-byte CC, "
                + "MLEN \(mlen) × 8 = \(ccDataAreaBytes) bytes of data area, minus "
                + "\(ccDataAreaBytes - maximum) bytes of NDEF TLV type and length = \(maximum) bytes of NDEF message."
        }
        if let facts = type3 {
            return "Assuming \(withArticle) once NDEF-formatted (Type 3 has no TLV: Ln in the attribute block gives "
                + "the length): \(facts.userBlocks.count) user blocks of 16 bytes, minus the attribute information "
                + "block, \(facts.dataBlocks) data blocks = \(maximum) bytes of NDEF message."
        }
        if let desfire = type4?.desfire {
            let file = desfire.formattedNDEFFileBytes
            return "Assuming \(withArticle) once NDEF-formatted per NXP AN11004 (it ships without applications) "
                + "with a \(file)-byte NDEF file (TapCard's choice; the formatter sizes it): \(file) bytes minus the "
                + "2-byte NLEN field = \(maximum) bytes of NDEF message."
        }
        guard let cc = formattedCC, cc.count >= 3 else {
            let file = Self.type4AssumedNDEFFileBytes
            return "Assuming \(withArticle) with a \(file)-byte NDEF file (an NTAG 424 DNA's; a Type 4 tag's "
                + "CC file states its own): \(file) bytes minus the 2-byte NLEN field = \(maximum) bytes of NDEF message."
        }
        let ccByte = "0x" + Hex.encode([cc[2]], uppercase: true)
        let state = shipsFormatted ? "as shipped" : "once NDEF-formatted (it ships with a blank CC)"
        var text =
            "Assuming \(withArticle) \(state): CC data area \(ccDataAreaBytes) bytes (CC byte 2 = \(ccByte), × 8)"
        let before = factoryTLVsBeforeNDEF.count
        if before > 0 { text += ", minus \(before) bytes of \(shipsFormatted ? "factory " : "")Lock Control TLV" }
        let header = ccDataAreaBytes - before - maximum
        text += ", minus \(header) bytes of NDEF TLV type and length = \(maximum) bytes of NDEF message."
        return text
    }
}
