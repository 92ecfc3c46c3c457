import CommandLineKit
import PCSCTransport
import TapCardSupport

/// `tapcard watch`: the desktop "scan" screen — waits for tags one after another and prints each
/// one's summary as it is tapped.
struct WatchCommand: Command {
    static let name = "watch"
    static let summary = "Print each tag as it is tapped on a PC/SC reader."
    static let options: [OptionSpec] =
        [
            .json, .value("--reader", "NAME|INDEX", "Watch only this reader."),
            .value("--count", "N", "Stop after N tags."),
        ] + DatabaseOption.options
    static let help = """
        Usage: tapcard watch [--reader NAME|INDEX] [--count N] [--json] [--db PATH]

        Waits for tags on a PC/SC reader (all readers without --reader) and prints one line per
        tag: UID, model (from GET_VERSION where the reader passes it through), the data area size
        from the tag's capability container, the NDEF message length; each tag whose chip is known
        is recorded as seen in the TapCard database (see 'tapcard tags'). Remove the tag to tap the
        next one. Stops after N tags with --count, or on Ctrl-C.

        Options:
          --reader NAME|INDEX  Watch this reader only (an index from 'tapcard readers', a name, or a
                               unique part of one).
          --count N            Stop after N tags.
          --json               One JSON object per tag, one per line.
        \(TagRecording.help)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let reader = try arguments.option("--reader")
        let count = try arguments.integer("--count")
        let recording = try TagRecording.take(&arguments, io: io)
        try arguments.finish()
        if let count, count < 1 { throw UsageError("--count takes a number above 0.", command: name) }

        let context = try PCSCContext()
        let all = try context.readers()
        guard !all.isEmpty else { throw PCSCError.noReaders }
        let readers = try reader.map { [try ReaderSelector($0).resolve(in: all)] } ?? all
        StopSignal.install()
        defer { StopSignal.uninstall() }
        var seen = 0
        var prompted = false
        while !StopSignal.requested, count.map({ seen < $0 }) ?? true {
            guard let state = try waitForTag(context: context, readers: readers, io: io, prompted: &prompted) else {
                continue
            }
            prompted = false
            switch await read(context: context, reader: state.name) {
            case .success(let summary):
                if json { io.printJSON(summary.json) } else { io.print(summary.line) }
                recording.sighting(uid: summary.uid, chip: summary.facts?.storeChip, io: io)
            case .failure(.cardRemoved):
                io.printError("The tag left before it could be read; tap it again.")
            case .failure(let error):
                throw error
            }
            (io as? ProcessIO)?.flush()
            seen += 1
            if let count, seen >= count { break }
            while !StopSignal.requested, try !context.waitForRemoval(reader: state.name, timeoutMilliseconds: 300) {}
        }
        return .success
    }

    /// Waits up to 300 ms (so Ctrl-C is noticed between waits); `nil` when no tag came.
    private static func waitForTag(
        context: PCSCContext, readers: [String], io: some CommandIO, prompted: inout Bool
    ) throws -> ReaderState? {
        let result = Result { () throws(PCSCError) -> ReaderState in
            try context.waitForCard(readers: readers, timeoutMilliseconds: 300) {
                if !prompted {
                    io.note("Hold a tag on the reader… (Ctrl-C to stop)")
                    prompted = true
                }
            }
        }
        switch result {
        case .success(let state): return state
        case .failure(.noCard): return nil
        case .failure(let error): throw error
        }
    }

    private static func read(context: PCSCContext, reader: String) async -> Result<TagSummary, PCSCError> {
        let card: PCSCCard
        do {
            card = try context.connect(reader: reader)
        } catch {
            return .failure(error)
        }
        let session = PCSCTagSession(context: context, card: card)
        let summary = await TagSummary.read(session)
        session.close()
        return .success(summary)
    }
}
