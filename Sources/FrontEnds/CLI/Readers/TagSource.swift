import PCSCTransport

/// Where a tag command's tag is: a virtual tag file, or a tag on a PC/SC reader.
///
/// The rule (issue 7): `--tag FILE` → that virtual tag; `--reader R` → the tag on reader R
/// (waiting for one, with a "Hold a tag on the reader…" line); neither → the first reader with a
/// tag when any PC/SC reader is connected, otherwise the default virtual tag. The choice is said
/// on standard error, so scripts reading standard output are not disturbed.
enum TagSource {
    /// The virtual tag at this path (`nil`: the command's default virtual tag file).
    case virtual(path: String?)
    /// A tag on a PC/SC reader, connected.
    case reader(PCSCTagSession)

    /// Applies the rule above. `tag` is the value of `--tag`.
    static func choose(tag: String?, options: ReaderOptions, io: some CommandIO) throws(PCSCError) -> TagSource {
        if let tag {
            return .virtual(path: tag)
        }
        if let reader = options.reader {
            return .reader(try open(ReaderSelector(reader), options: options, io: io))
        }
        // Neither: look for readers, quietly; no PC/SC or no reader means the virtual tag.
        guard let context = try? PCSCContext(), let readers = try? context.readers(), !readers.isEmpty else {
            io.printError("Using the virtual tag (no PC/SC reader is connected).")
            return .virtual(path: nil)
        }
        let session = try PCSCTagSession.open(
            selector: nil, timeoutMilliseconds: options.waitSeconds * 1000, context: context
        ) { io.printError($0) }
        io.printError("Using reader '\(session.readerName)' (\(session.kind.summary)).")
        return .reader(session)
    }

    /// Waits for a tag on the selected reader and connects to it.
    static func open(_ selector: ReaderSelector?, options: ReaderOptions, io: some CommandIO) throws(PCSCError)
        -> PCSCTagSession
    {
        let session = try PCSCTagSession.open(
            selector: selector, timeoutMilliseconds: options.waitSeconds * 1000
        ) { io.printError($0) }
        io.printError("Using reader '\(session.readerName)' (\(session.kind.summary)).")
        return session
    }
}
