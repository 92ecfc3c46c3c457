import CommandLineKit
import Foundation
import NDEF
import SUN
import TagEmulator
import TagWorkflows
import TapCardSupport

/// `tapcard copy FROM [--tag TO | --reader R]`: the NDEF message of one tag (a virtual tag file,
/// a dump `read --tag` reads, or a card on a reader) written to another, of any family, with the
/// write's preflight, tearing-safe order and read-back. Only the message goes across: keys,
/// passwords and locks stay where they are.
struct CopyCommand: Command {
    static let name = "copy"
    static let summary = "Copy the NDEF message of a tag, a virtual tag or a dump onto another tag."
    static let options: [OptionSpec] =
        [
            .value("--from-reader", "READER", "Copy from the card on this PC/SC reader instead of FROM."),
            .flag("--yes-copy-frozen-sun-url", "Copy a SUN URL anyway: the copy is one frozen, replayable URL."),
        ] + TagWriteRunner.options + TagTarget.options + DatabaseOption.options
    static let positionals = [PositionalSpec("FROM", optional: true)]
    static let help = """
        Usage: tapcard copy FROM [--tag TO | --reader R] [--yes-copy-frozen-sun-url] [write options]
               tapcard copy --from-reader R1 [--tag TO | --reader R2] [...]

        Reads the NDEF message of FROM (a virtual tag file or a dump 'read --tag' reads; with
        --from-reader, the card on that reader) and writes it to the target, of any family, as
        'write ndef' writes it: the target is checked first (formatted? writable? big enough?),
        the message is written in a tearing-safe order and read back. Before writing it says
        whether the message fits: its size and the target's capacity, with who reported it.

        Only the message is copied. Keys, passwords, locks, counters and the chip's own data
        (UID, signature) never are; a protected target still needs its own --password or
        --auth-key. FROM is only read: once, or twice when it holds a URL whose values leave open
        whether the tag makes a new one at every read (not after the confirmation). A virtual
        NTAG 424 DNA with SDM on is not read for a refused copy and read once for a confirmed one.

        A message holding a SUN URL is refused unless --yes-copy-frozen-sun-url: the source tag
        writes a new URL at every tap; the copy is that one URL, frozen. It verifies once at most,
        and afterwards only as a replay, which a backend that tracks counters refuses. A SUN URL
        is known by its values, whatever its parameter names, in the query or the path,
        percent-encoded or not, in a URI record or written out in a Text record: a 16-hex-digit
        MAC with a 32- or 48-digit PICCData, or with a 14-digit UID and a 6-digit counter; or by
        its source (an NTAG 424 DNA with SDM on, a tag whose message changes
        between two reads).

        Exit status: 0 copied and verified; 1 refused (nothing to copy, a SUN URL without the
        confirmation, the target refused, does not fit, or the write stopped: it says what the
        target holds); 64 usage; 65 FROM is not a tag file or dump; 66 FROM cannot be read.

        Options:
          --from-reader READER      Copy from the card on this reader.
          --yes-copy-frozen-sun-url Copy a SUN URL although the copy is one replayable URL.
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)
        \(TagWriteRunner.tearHelpLines)

        Examples:
          tapcard copy card.nfc --tag blank.nfc
          tapcard copy office-door.nfc --reader 0 --json

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let frozenSUN = arguments.flag("--yes-copy-frozen-sun-url")
        let fromReader = try arguments.option("--from-reader")
        let options = try TagWriteRunner.options(&arguments)
        let recording = try TagRecording.take(&arguments, io: io)
        let fromPath = arguments.positional()
        guard (fromPath == nil) != (fromReader == nil) else {
            throw UsageError(
                "copy needs one source: FROM (a virtual tag file or a dump) or --from-reader READER.", command: name)
        }
        // A dump as the target is refused before the source is read, as every write to a dump.
        try OpenedTag.refuseDumpTarget(arguments)
        // The source is read and let go before the target is opened: one file is never locked
        // twice, and a reader is free for the target.
        let (message, sourceLabel, changesPerRead) = try await Self.sourceMessage(
            path: fromPath, reader: fromReader, confirmed: frozenSUN, io: io)
        let urls = Self.urls(in: message)
        // A SUN URL by its values (SUNURLShape: custom names and path fields too), or by what the
        // tag does: a message that changed between two reads, or a virtual NTAG 424 DNA with SDM
        // on its NDEF file, is mirrored afresh at every tap.
        if !frozenSUN,
            let sun = urls.first(where: SUNURLShape.looksLikeSUN) ?? (changesPerRead ? urls.first : nil)
        {
            throw ConfirmationRequired.copyFrozenSUNURL(source: sourceLabel, url: sun)
        }
        let target = try await OpenedTag.open(&arguments, io: io)
        do {
            try target.finish(&arguments)
            if !options.json {
                let driver = try target.driver(password: options.password, command: name)
                let report = try await target.operating { try await driver.readTag() }
                io.print(
                    Self.fitLine(message.encoded().count, report: report, source: sourceLabel, target: target.label))
            }
        } catch {
            target.close()
            throw error
        }
        return try await TagVerbs.write(message, target, options: options, recording: recording, io: io)
    }

    /// Whether `bytes` fit the target, in words, before anything is written: the message's size,
    /// the target's capacity and who gave it (the tag, or the model when it is not formatted), and
    /// the difference, in the words of `write`'s refusal.
    static func fitLine(_ bytes: Int, report: TagReport, source: String, target: String) -> String {
        func count(_ value: Int) -> String { "\(value) \(value == 1 ? "byte" : "bytes")" }
        let head = "Copying a \(bytes)-byte message from \(source) to \(target)"
        guard let capacity = report.capacity else {
            return "\(head); its capacity is not known until it is read."
        }
        let figure =
            capacity.source == .reported
            ? "the tag holds at most \(count(capacity.bytes)) (reported by the tag)"
            : "assuming the model default, the tag holds at most \(count(capacity.bytes)) once formatted (it reports no capacity before)"
        guard bytes <= capacity.bytes else {
            return "\(head): it does NOT fit: \(figure); it is \(count(bytes - capacity.bytes)) too big."
        }
        return "\(head): it fits: \(figure); \(count(capacity.bytes - bytes)) to spare."
    }

    /// The URLs of `message`'s URI records and smart posters, and those written out in its Text
    /// records (SDM mirrors into any NDEF file, a Text record's URL too), in order.
    static func urls(in message: NDEFMessage) -> [String] {
        message.records.flatMap { record -> [String] in
            switch record.view {
            case .uri(let uri): [uri.uri]
            case .smartPoster(let poster): [poster.uri.uri]
            case .text(let text):
                // Its words that are URLs, percent-encoded or not (`https%3A%2F%2F…`).
                SUNURLShape.decodings(of: text.text).flatMap { decoded in
                    decoded.split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" })
                        .filter { $0.contains("://") }.map(String.init)
                }
            default: []
            }
        }
    }

    /// The message FROM holds, and how to name FROM; refuses a source with nothing to copy.
    ///
    /// Every read of an NTAG 424 DNA with SDM on advances its read counter, so the source is read
    /// as few times as the decision needs: a virtual one whose NDEF file SDM mirrors is refused
    /// from its stored file without a read unless `confirmed` (its counter stays), and then read
    /// once; any other source is read a second time only to learn whether a URL that does not look
    /// like SUN by its values changes between reads, and not at all once `confirmed`.
    static func sourceMessage(path: String?, reader: String?, confirmed: Bool, io: some CommandIO) async throws -> (
        NDEFMessage, String, changesPerRead: Bool
    ) {
        var sourceArguments = try Arguments(
            path.map { ["--tag", $0] } ?? ["--reader", reader ?? ""], command: name, options: TagTarget.options)
        let source = try await OpenedTag.open(&sourceArguments, io: io, access: .reading)
        defer { source.close() }
        let label = source.label
        var mirrorsSUN = false
        if case .type4(let tag)? = source.virtual, !tag.sdmMirroredFields.isEmpty {
            mirrorsSUN = true
            if !confirmed {
                throw ConfirmationRequired.copyFrozenSUNURL(source: label, url: Self.storedURL(of: tag))
            }
        }
        let driver = try source.driver(password: PasswordOptions(), command: name)
        let report = try await source.operating { try await driver.readTag() }
        switch report.content {
        case .message(let message, let bytes):
            var changes = mirrorsSUN
            let urls = Self.urls(in: message)
            if !confirmed, !changes, !urls.isEmpty, !urls.contains(where: SUNURLShape.looksLikeSUN) {
                // Read again: a tag that mirrors a SUN message under a shape nobody can tell by its
                // values gives other bytes every time.
                let again = try await source.operating { try await driver.readTag() }
                if case .message(_, let second) = again.content { changes = second != bytes } else { changes = true }
            }
            try source.saveIfChanged()
            return (message, label, changes)
        case .empty:
            throw CopyRefusal.nothingToCopy(source: label, why: "its NDEF message is empty")
        case .notFormatted:
            throw CopyRefusal.nothingToCopy(source: label, why: "it is not formatted for NDEF")
        case .noNDEFMessageTLV:
            throw CopyRefusal.nothingToCopy(source: label, why: "its TLV area holds no NDEF Message TLV")
        case .malformed(let error):
            throw CopyRefusal.nothingToCopy(source: label, why: "its TLV area is malformed (\(Self.fault(error)))")
        case .interrupted(let error):
            throw CopyRefusal.nothingToCopy(source: label, why: "its message does not decode (\(Self.fault(error)))")
        case .passwordProtected(let page):
            throw CopyRefusal.nothingToCopy(
                source: label,
                why:
                    "it refuses to read page \(page) and on without its password; copy reads without one (read it with 'read --password' and write it with 'write ndef')"
            )
        }
    }
}

extension CopyCommand {
    /// What is wrong with the source's NDEF data, without the remedy a read of a tag gives
    /// ("rewrite this tag"): the source is only read, and may be a dump no command changes.
    static func fault(_ error: TagReadError) -> String {
        switch error {
        case .interruptedWrite(let detail):
            "\(detail): what an interrupted write or damaged bytes leave"
        case .malformedControlTLV(let name, let typeByte, let length, let offset, let place, _):
            TagReadError.malformedControlTLV(
                name: name, typeByte: typeByte, length: length, dataAreaOffset: offset, place: place, rewrite: ""
            ).sentence.trimmingCharacters(in: .whitespaces)
        case .typeNotInMapping(let name, let typeByte, let offset, let place, let mapping, _):
            TagReadError.typeNotInMapping(
                name: name, typeByte: typeByte, dataAreaOffset: offset, place: place, mapping: mapping, rewrite: ""
            ).sentence.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The first URL of the message a virtual NTAG 424 DNA stores in its NDEF file (E104h), its
    /// SDM placeholders in place: read from the file, not through the chip, so its read counter
    /// does not move. `nil` when the stored file holds no URL that decodes.
    static func storedURL(of tag: EmulatedType4Tag) -> String? {
        guard let file = tag.contents(ofFile: 0xE104), file.count >= 2 else { return nil }
        let length = Int(file[0]) << 8 | Int(file[1])
        guard length > 0, file.count >= 2 + length else { return nil }
        do {
            return urls(in: try NDEFMessage.decode(Array(file[2..<2 + length]))).first
        } catch {
            // A stored message that does not decode has no URL to name; the refusal still stands.
            return nil
        }
    }
}

/// Why `copy` wrote nothing: the source has no message it could copy.
enum CopyRefusal: TapCardError, Equatable {
    case nothingToCopy(source: String, why: String)

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .nothingToCopy(let source, let why):
            "There is nothing to copy from \(source): \(why). Nothing was written."
        }
    }
}
