import TapCardSupport

/// Capacity facts per model, derived from the factory layout in ``TagModel/type2Layout`` and the
/// formatted image (``TagModel/formattedCC``, ``TagModel/factoryTLVsBeforeNDEF``). Every figure
/// here is a model default: callers get it as ``Capacity`` with source `.assumed`.
extension TagModel {
    /// User memory in bytes as the datasheet advertises it (the figure on the box, not what an
    /// NDEF message can use).
    public var userMemoryBytes: Int {
        if let layout = type2Layout { return layout.userMemoryBytes }
        return Self.type4AssumedNDEFFileBytes
    }

    /// The NDEF data area the CC announces: CC byte 2 × 8. For Type 4, the assumed NDEF file size.
    public var ccDataAreaBytes: Int {
        guard let cc = formattedCC, cc.count >= 3 else { return Self.type4AssumedNDEFFileBytes }
        return Int(cc[2]) * 8
    }

    /// The NDEF file an unknown Type 4 tag is assumed to have: 256 bytes, the NDEF file of an
    /// NTAG 424 DNA as shipped, the most common Type 4 sticker. Real Type 4 tags range from a few
    /// hundred bytes to several kilobytes; only the tag's CC file says which, so this figure is
    /// always presented as assumed.
    public static let type4AssumedNDEFFileBytes = 256

    /// The largest NDEF message a factory-fresh (or freshly formatted) tag of this model holds,
    /// derived from the CC data area and the TLV overhead. Always `.assumed`: no tag was asked.
    public var assumedCapacity: Capacity {
        Capacity(bytes: maximumNDEFMessageBytes, source: .assumed, model: self)
    }

    /// The derivation behind ``assumedCapacity``.
    public var maximumNDEFMessageBytes: Int {
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
        (displayName.hasPrefix("NTAG") ? "an " : "a ") + displayName
    }
}

extension TagModel {
    /// How ``assumedCapacity`` was derived, as one sentence with every figure, e.g. "Assuming an
    /// NTAG213 as shipped: CC data area 144 bytes (CC byte 2 = 0x12, × 8), minus 5 bytes of
    /// factory Lock Control TLV, minus 2 bytes of NDEF TLV type and length = 137 bytes of NDEF
    /// message."
    public var capacityDerivation: String {
        let maximum = maximumNDEFMessageBytes
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
