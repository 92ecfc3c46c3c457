extension TagDetail {
    /// The lines a screen lists about the tag, each type's from its own folder
    /// (``Type4Inspection/fields(uid:carrier:)``, ``Type5Inspection/fields(uid:)``,
    /// ``Type3Inspection/fields``); `nil` when the detail has no lines beyond the envelope's (a
    /// read without the type's inspection, a Type 2 tag), and the front end lists the envelope.
    ///
    /// `uid` is the UID the front end shows (the report's, else the one its carrier announced);
    /// `carrier` how the front end's platform named the air interface ("ISO 7816 (ISO-DEP)").
    public func fields(uid: [UInt8], carrier: String) -> [TagField]? {
        switch self {
        case .type4Inspection(let inspection): inspection.fields(uid: uid, carrier: carrier)
        case .type5Inspection(let inspection): inspection.fields(uid: uid)
        case .type3Inspection(let inspection): inspection.fields
        case .classicInspection(let inspection): inspection.fields(uid: uid)
        case .type2Read, .type2Inspection, .type3Read, .type4Read, .type5Read, .classicRead: nil
        }
    }

    /// One line about the message as a whole in the type's own terms (NLEN, Ln, where the NDEF TLV
    /// sits); `nil` when the detail has none, and the front end words the envelope's content.
    public var contentSummary: String? {
        switch self {
        case .type4Inspection(let inspection): inspection.contentSummary
        case .type5Inspection(let inspection): inspection.contentSummary
        case .type3Inspection(let inspection): inspection.contentSummary
        case .classicInspection(let inspection): inspection.contentSummary
        case .type2Read, .type2Inspection, .type3Read, .type4Read, .type5Read, .classicRead: nil
        }
    }
}
