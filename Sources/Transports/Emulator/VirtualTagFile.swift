import TagCatalog

/// The file a virtual tag lives in between commands.
///
/// **Format: a Flipper Zero `.nfc` file (version 4, NTAG/Ultralight).** It already records
/// everything a tag is: the model (`NTAG/Ultralight type`, plus the GET_VERSION bytes), the UID,
/// the originality signature, the counters and tearing flags, the failed-password count and every
/// page of memory, PWD and PACK included. It is text, so a virtual tag can be read and diffed by
/// a person; a Flipper Zero can emulate it to a real phone; and import/export are a parse and a
/// render of the same format rather than a second file type. A leading comment says the file was
/// written by TapCard. The alternative — a raw `.bin` with a header — would be opaque to people
/// and to every other tool.
///
/// Saving is crash-safe (a temporary file beside it, flushed, renamed into place: see
/// ``FileBytes``), so a crash mid-save keeps the old tag. A command session holds a
/// ``TagFileLock`` from before it loads the file until after its last save (`load(from:)`,
/// `save(_:to:)` with the lock), so two processes on one tag never interleave.
///
/// Type 4 tags (NTAG 424 DNA, generic T4T) have their own TapCard format (``Type4TagFile``); the
/// first line that is not a comment tells the two apart. ``VirtualTag/load(_:)`` opens either
/// kind; the functions here open Type 2 files only and refuse a Type 4 file with
/// ``EmulatorError/notType2(path:)``.
public enum VirtualTagFile {
    /// The comment written at the top of every virtual tag file.
    public static let comment = "TapCard virtual tag: the emulator reads and writes this file."

    /// Reads a virtual tag (or any Flipper Zero NTAG/Ultralight file the emulator can model).
    public static func load(_ path: String) throws(EmulatorError) -> EmulatedTag {
        let bytes = try FileBytes.read(path)
        return try decode(String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Reads the virtual tag whose file `lock` holds (read after the lock was taken, so never a
    /// copy another session is about to replace).
    public static func load(from lock: TagFileLock) throws(EmulatorError) -> EmulatedTag {
        let bytes = try lock.read()
        return try decode(String(decoding: bytes, as: UTF8.self), path: lock.path)
    }

    /// Reads any Flipper Zero NTAG/Ultralight file as a dump, header included.
    public static func dump(at path: String) throws(EmulatorError) -> FlipperDump {
        let text = String(decoding: try FileBytes.read(path), as: UTF8.self)
        do {
            return try FlipperNFC.parse(text)
        } catch {
            throw .malformedFile(path: path, error, dump: !isOwn(text))
        }
    }

    /// Writes `tag` to `path`, replacing what was there.
    public static func save(_ tag: EmulatedTag, to path: String) throws(EmulatorError) {
        try FileBytes.write(Array(encode(tag).utf8), to: path)
    }

    /// Writes `tag` to the file `lock` holds, keeping the lock.
    public static func save(_ tag: EmulatedTag, to lock: TagFileLock) throws(EmulatorError) {
        try lock.write(Array(encode(tag).utf8))
    }

    /// The file's text for `tag`.
    public static func encode(_ tag: EmulatedTag) -> String {
        FlipperNFC.render(FlipperDump(tag: tag), comment: [comment])
    }

    /// A tag from a file's text; `path` only names the file in errors.
    public static func decode(_ text: String, path: String = "the virtual tag") throws(EmulatorError) -> EmulatedTag {
        if Type4TagFile.isType4(text) { throw .notType2(path: path) }
        let dump: FlipperDump
        do {
            dump = try FlipperNFC.parse(text)
        } catch {
            throw .malformedFile(path: path, error, dump: !isOwn(text))
        }
        return try EmulatedTag(dump: dump)
    }

    /// True when `text` is a virtual tag file TapCard wrote (its first comment says so); another
    /// Flipper Zero NTAG/Ultralight file is a dump.
    public static func isOwn(_ text: String) -> Bool { text.contains("# " + comment) }
}
