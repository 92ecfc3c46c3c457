import CommandLineKit
import PCSCTransport

/// Where a tag command's tag is: a virtual tag file, or a tag on a PC/SC reader.
///
/// The rule (issue 7): `--tag FILE` → that virtual tag; `--reader R` → the tag on reader R
/// (waiting for one, with a "Hold a tag on the reader…" line); neither → the first connected
/// reader that holds a tag right now, otherwise (no PC/SC, no reader, no tag: never a wait) the
/// default virtual tag. The choice is said on standard error, so standard output stays clean.
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
        // Neither: a reader holding a tag now, never a wait; no PC/SC, no reader or no tag means
        // the virtual tag.
        guard let context = try? PCSCContext(), let readers = try? context.readers(), !readers.isEmpty else {
            return .virtual(path: nil)
        }
        guard let holding = (try? context.states(of: readers))?.first(where: \.hasCard) else {
            io.note(
                "No tag on the \(readers.count) connected PC/SC reader\(readers.count == 1 ? "" : "s"); using the virtual tag (--reader waits for one)."
            )
            return .virtual(path: nil)
        }
        let card = try context.connect(reader: holding.name)
        let session = PCSCTagSession(context: context, card: card)
        io.note("Using reader '\(session.readerName)' (\(session.kind.summary)).")
        return .reader(session)
    }

    /// Waits for a tag on the selected reader and connects to it.
    static func open(_ selector: ReaderSelector?, options: ReaderOptions, io: some CommandIO) throws(PCSCError)
        -> PCSCTagSession
    {
        let session = try PCSCTagSession.open(
            selector: selector, timeoutMilliseconds: options.waitSeconds * 1000
        ) { io.printError($0) }
        io.note("Using reader '\(session.readerName)' (\(session.kind.summary)).")
        return session
    }
}
