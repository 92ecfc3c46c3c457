extension VirtualTag {
    /// Where the dump at `path` contradicts itself (its header against its memory, which wins),
    /// one sentence each, without a final full stop: a Type 2 dump's header UID, chip name,
    /// GET_VERSION, SAK or ATQA (Flipper Zero or Proxmark3); a Flipper DESFire file's PICC Version;
    /// a Flipper FeliCa file's header against block 83h. What `sim import` says of the same file,
    /// for `read` and `info` of a dump in place. Empty for TapCard's own Type 2 file (it agrees
    /// with itself by construction) and for the MIFARE Classic dumps, which say theirs themselves.
    public static func dumpContradictions(_ text: String, path: String) throws(EmulatorError) -> [String] {
        func bare(_ text: String) -> String { text.hasSuffix(".") ? String(text.dropLast()) : text }
        if FlipperDESFireFile.isDESFire(text) {
            return try FlipperDESFireFile.contradictions(text, path: path).map(bare)
        }
        if FeliCaTagFile.isFeliCa(text) {
            return try FeliCaTagFile.decodeNoting(text, path: path).1
        }
        if Type5FlipperFile.isType5(text) { return try Type5FlipperFile.contradictions(text, path: path) }
        let dump: FlipperDump
        if Proxmark3File.isJSON(Array(text.utf8.prefix(64))) {
            guard case (_, let parsed?) = try Proxmark3File.tag(Array(text.utf8), path: path) else {
                return try Proxmark3File.iso15693Contradictions(Array(text.utf8), path: path)
            }
            dump = parsed
        } else {
            guard !Type4TagFile.isType4(text), !FlipperType4File.isType4Dump(text), !Type5FlipperFile.isType5(text),
                !ClassicFlipperFile.isClassic(text), !VirtualTagFile.isOwn(text)
            else { return [] }
            do {
                dump = try FlipperNFC.parse(text)
            } catch {
                throw .malformedFile(path: path, error, dump: true)
            }
        }
        return [dump.uidContradiction].compactMap { $0 } + dump.headerContradictions
    }
}
