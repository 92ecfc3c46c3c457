import TagCatalog

extension TagFacts {
    /// The chip name the store keys a tag by, computed here once for every front end: the
    /// model's raw value ("ntag213", "ntag424-dna", "icode-slix2", "felica-lite-s"), else the NFC
    /// Forum type ("type2", "type3", "type5"; an unidentified Type 4 tag is the catalog's generic
    /// "type4" model).
    public var storeChip: String {
        if let model { return model.rawValue }
        return forumType == 4 ? TagModel.genericType4.rawValue : "type\(forumType)"
    }
}
