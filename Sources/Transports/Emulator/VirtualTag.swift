/// A virtual tag file's tag, whichever kind it is: what `--tag FILE` opens.
///
/// The kind is decided by the file's first line that is not a comment: `Filetype: TapCard Type 4
/// tag` is a Type 4 tag (``Type4TagFile``); a Flipper Zero file whose `Device type:` is `SLIX` or
/// `ISO15693-3` is a Type 5 tag (``Type5FlipperFile``), and one with `Device type: FeliCa` a Type 3
/// tag (``FeliCaTagFile``), one with `Device type: Mifare Classic` a MIFARE Classic card
/// (``ClassicFlipperFile``); a JSON document is a Proxmark3 dump (``Proxmark3File``), a Flipper Zero `Mifare DESFire` file a DESFire card (``FlipperDESFireFile``) and a `Type 4 Tag` file a generic Type 4 tag (``FlipperType4File``), all read-only; anything else is read as a Flipper Zero NTAG/Ultralight file
/// (``VirtualTagFile``), exactly as before. Saving is crash-safe in every case (``FileBytes``).
public enum VirtualTag {
    case type2(EmulatedTag)
    case type4(EmulatedType4Tag)
    case type5(EmulatedType5Tag)
    /// A FeliCa Lite-S, in Flipper Zero's FeliCa format (``FeliCaTagFile``).
    case type3(EmulatedType3Tag)
    /// A MIFARE Classic 1K or 4K, in Flipper Zero's Mifare Classic format (``ClassicFlipperFile``).
    case classic(EmulatedClassicTag)

    /// Reads a virtual tag of either kind, and removes the temporary copies of its file that
    /// killed saves left behind (``FileBytes/removeStaleTemporaries(of:)``).
    public static func load(_ path: String) throws(EmulatorError) -> VirtualTag {
        let tag = try decode(bytes: try FileBytes.read(path), path: path)
        FileBytes.removeStaleTemporaries(of: path)
        return tag
    }

    /// Reads the virtual tag whose file `lock` holds.
    public static func load(from lock: TagFileLock) throws(EmulatorError) -> VirtualTag {
        try decode(bytes: try lock.read(), path: lock.path)
    }

    /// A tag from a file's bytes: a virtual tag file, or another tool's MIFARE Classic dump
    /// (``ClassicDumps``: Proxmark3 JSON, `.eml` or `.bin`, MIFARE Classic Tool, libnfc `.mfd`),
    /// converted in memory and read-only (`save(to:)` refuses it).
    public static func decode(bytes: [UInt8], path: String) throws(EmulatorError) -> VirtualTag {
        if let format = ClassicDumps.recognise(bytes), format != .flipper {
            do {
                return .classic(try ClassicDumps.read(bytes, as: format, path: path).tag())
            } catch .malformedClassicDump(let path, let format, let error) {
                throw .malformedClassicDump(path: path, format: format, error)
            } catch {
                throw .inFile(path: path, error)
            }
        }
        // Content no reader claims is refused as what it is closest to, not as a broken Flipper file.
        try UnrecognisedDump.refuse(bytes, path: path)
        return try decode(String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// A tag from a file's text; `path` only names the file in errors.
    public static func decode(_ text: String, path: String = "the virtual tag") throws(EmulatorError) -> VirtualTag {
        if Type4TagFile.isType4(text) { return .type4(try Type4TagFile.decode(text, path: path)) }
        if Proxmark3File.isJSON(Array(text.utf8.prefix(64))) {
            return try Proxmark3File.tag(Array(text.utf8), path: path).0
        }
        if FlipperDESFireFile.isDESFire(text) { return .type4(try FlipperDESFireFile.decode(text, path: path).0) }
        if FlipperType4File.isType4Dump(text) { return .type4(try FlipperType4File.decode(text, path: path).0) }
        if Type5FlipperFile.isType5(text) { return .type5(try Type5FlipperFile.decode(text, path: path)) }
        if FeliCaTagFile.isFeliCa(text) { return .type3(try FeliCaTagFile.decode(text, path: path)) }
        if ClassicFlipperFile.isClassic(text) { return .classic(try ClassicFlipperFile.decode(text, path: path)) }
        return .type2(try VirtualTagFile.decode(text, path: path))
    }

    /// True when the file is another tool's dump (a Proxmark3 JSON), not a virtual tag file: it
    /// is read as a tag, never written back (its format would change under its owner's feet).
    public static func isDump(_ text: String) -> Bool { dumpFormat(text) != nil }

    /// The other tool whose dump `text` is ("Proxmark3 dump", "Flipper Zero DESFire file"), or
    /// nil for a virtual tag file. TapCard's own files are never these: its Type 4 tags, DESFire
    /// included, have their own format (``Type4TagFile``).
    public static func dumpFormat(_ text: String) -> String? {
        if Proxmark3File.isJSON(Array(text.utf8.prefix(64))) { return "Proxmark3 dump" }
        if FlipperDESFireFile.isDESFire(text) { return "Flipper Zero DESFire file" }
        if FlipperType4File.isType4Dump(text) { return "Flipper Zero Type 4 file" }
        return nil
    }

    /// The other tool whose dump the file's `bytes` are, MIFARE Classic dumps included (a
    /// Proxmark3 `.eml` or `.bin`, a MIFARE Classic Tool `.mct`, a libnfc `.mfd`: ``ClassicDumps``),
    /// or nil for a virtual tag file. Every command that would change a tag asks this before
    /// anything, so every dump format is refused alike.
    public static func dumpFormat(bytes: [UInt8]) -> String? {
        if let format = dumpFormat(String(decoding: bytes.prefix(4096), as: UTF8.self)) { return format }
        if let classic = ClassicDumps.recognise(bytes), classic != .flipper { return classic.displayName }
        return nil
    }

    /// The file's text.
    public var encoded: String {
        switch self {
        case .type2(let tag): VirtualTagFile.encode(tag)
        case .type4(let tag): Type4TagFile.encode(tag)
        case .type5(let tag): Type5FlipperFile.encode(tag)
        case .type3(let tag): FeliCaTagFile.encode(tag)
        case .classic(let tag): ClassicFlipperFile.encode(tag)
        }
    }

    /// True when the file holds a secret in clear text: an NTAG 424 DNA key that is not the
    /// factory's all-zero one. Such a tag is saved 0600, its temporary copy too.
    public var holdsSecrets: Bool {
        switch self {
        case .type4(let tag):
            tag.memory.keys.contains { $0.value.contains { $0 != 0 } } || tag.memory.picc?.holdsSecrets == true
        case .type2(let tag): tag.holdsSecrets
        case .type5, .type3: false
        // Keys other than the public ones (transport, MAD, NDEF) are secrets.
        case .classic(let tag): tag.holdsPrivateKeys
        }
    }

    /// A tag read from another tool's dump is never written back (to that file or as it).
    private func refuseDump(_ path: String) throws(EmulatorError) {
        if case .classic(let tag) = self, let format = tag.dumpFormat {
            throw .dumpIsReadOnly(path: path, format: format.displayName)
        }
    }

    /// Writes the tag to `path`, replacing what was there (0600 when it ``holdsSecrets``).
    public func save(to path: String) throws(EmulatorError) {
        try refuseDump(path)
        try FileBytes.write(Array(encoded.utf8), to: path, secret: holdsSecrets)
    }

    /// Writes the tag to the file `lock` holds, keeping the lock (0600 when it ``holdsSecrets``).
    public func save(to lock: TagFileLock) throws(EmulatorError) {
        try refuseDump(lock.path)
        try lock.write(Array(encoded.utf8), secret: holdsSecrets)
    }
}
