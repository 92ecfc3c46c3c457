extension VirtualTag {
    /// What the dump at `path` does not hold, and the tag made of it has in its place, one
    /// sentence each: a Flipper Zero DESFire file's keys and unread files, a Type 4 Tag file's CC,
    /// an Ultralight C or AES file's key pages, a Type 2 dump's (Flipper Zero or Proxmark3)
    /// signature, counters and unread pages. For a Type 2 virtual tag file TapCard wrote (its first
    /// comment says so), what the dump it was made from lacked, as the file keeps it; empty for
    /// another of TapCard's files, and for a dump that holds everything its tag needs.
    public static func dumpNotes(_ text: String, path: String) throws(EmulatorError) -> [String] {
        if FlipperDESFireFile.isDESFire(text) { return try FlipperDESFireFile.decode(text, path: path).1 }
        if FlipperType4File.isType4Dump(text) { return try FlipperType4File.decode(text, path: path).1 }
        if Type5FlipperFile.isType5(text) { return try Type5FlipperFile.unknowns(text, path: path) }
        if FeliCaTagFile.isFeliCa(text) { return try FeliCaTagFile.unknowns(text, path: path) }
        if Proxmark3File.isJSON(Array(text.utf8.prefix(64))) {
            // hf mfu dump: its header's gaps and unread pages; hf 15 dump: what the format has no member for.
            return try Proxmark3File.unknowns(Array(text.utf8), path: path)
        }
        guard !Type4TagFile.isType4(text), !Type5FlipperFile.isType5(text), !FeliCaTagFile.isFeliCa(text),
            !ClassicFlipperFile.isClassic(text)
        else { return [] }
        let own = VirtualTagFile.isOwn(text)
        do {
            // TapCard's own file: what the dump it was made from lacked (its comment, Pages read);
            // its zero keys are the tag's own (an Ultralight AES ships with them).
            return try FlipperNFC.parse(text).unknowns(zeroKeysUnknown: !own)
        } catch {
            throw .malformedFile(path: path, error, dump: !own)
        }
    }
}
