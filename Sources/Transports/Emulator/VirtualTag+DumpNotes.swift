extension VirtualTag {
    /// What the dump at `path` does not hold, and the tag made of it has in its place, one
    /// sentence each: a Flipper Zero DESFire file's keys and unread files, a Type 4 Tag file's CC,
    /// an Ultralight C or AES file's key pages. Empty for a virtual tag file TapCard wrote (its
    /// first comment says so), and for a dump that holds everything its tag needs.
    public static func dumpNotes(_ text: String, path: String) throws(EmulatorError) -> [String] {
        if FlipperDESFireFile.isDESFire(text) { return try FlipperDESFireFile.decode(text, path: path).1 }
        if FlipperType4File.isType4Dump(text) { return try FlipperType4File.decode(text, path: path).1 }
        if Type5FlipperFile.isType5(text) { return try Type5FlipperFile.unknowns(text, path: path) }
        guard !Type4TagFile.isType4(text), !Type5FlipperFile.isType5(text), !FeliCaTagFile.isFeliCa(text),
            !ClassicFlipperFile.isClassic(text), !Proxmark3File.isJSON(Array(text.utf8.prefix(64))),
            !text.contains("# " + VirtualTagFile.comment)
        else { return [] }
        do {
            return try FlipperNFC.parse(text).unknowns
        } catch {
            throw .malformedFile(path: path, error)
        }
    }
}
