import CommandLineKit
import Store
import TagInventory
import TapCardSupport

/// `tapcard tags`: the inventory of tags TapCard has seen.
struct TagsCommand: Command {
    static let name = "tags"
    static let summary = "List the tags seen, with capacity (reported or assumed) and last write."
    static let options: [OptionSpec] = [.json] + DatabaseOption.options
    static let help = """
        Usage: tapcard tags [--json] [--db PATH]

        Every tag TapCard has read, written, locked or paired, most recently seen first: UID and
        chip, label and location, NDEF capacity (saying whether the tag reported it or it is assumed
        from the chip type), the originality-signature verdict of the last inspection, and the last
        write from the write log.

        Options:
          --json              One JSON object with a "tags" array.

        """ + DatabaseOption.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let path = try DatabaseOption.path(&arguments, io: io)
        try arguments.finish()
        // `tags` only reads: it opens the store read-only and creates nothing, so it works on a
        // read-only data directory; no store yet is no tags yet.
        let entries = try TapCardStore.forReading(path: path)?.inventory() ?? []
        if json {
            io.printJSON(JSON.object([("tags", .array(entries.map(Self.json)))]))
            return .success
        }
        if entries.isEmpty {
            io.print("No tags recorded yet.")
            return .success
        }
        for entry in entries {
            let row = TagRow(entry)
            var heading = "\(row.chip) \(row.uid)"
            if entry.tag.label != nil { heading += "  \"\(row.title)\"" }
            if let location = row.location { heading += "  (\(location))" }
            if row.locked { heading += "  [locked]" }
            io.print(heading)
            io.print("  capacity:   \(row.capacity)")
            io.print("  signature:  \(row.signature)")
            io.print("  last write: \(row.lastWrite)\(row.writeCount > 1 ? " (\(row.writeCount) log entries)" : "")")
            io.print("  last seen:  \(UTCTimestamp.iso8601(row.lastSeen))")
        }
        return .success
    }

    static func json(_ entry: InventoryEntry) -> JSON {
        let tag = entry.tag
        var members: [(String, JSON)] = [
            ("uid", TagJSON.uid(bytes: tag.key.uid)), ("chip", TagJSON.chip(storeName: tag.key.chip)),
            ("label", tag.label.map { .string($0) } ?? .null), ("location", tag.location.map { .string($0) } ?? .null),
            ("capacity_bytes", tag.capacity.map { .int($0.bytes) } ?? .null),
            ("capacity_source", tag.capacity.map { .string($0.source.rawValue) } ?? .null),
            ("signature", tag.signature.map { .string($0.rawValue) } ?? .null),
            ("first_seen", ISOTime.json(tag.firstSeen)), ("last_seen", ISOTime.json(tag.lastSeen)),
            ("locked_at", ISOTime.json(tag.lockedAt)), ("writes", .int(entry.writeCount)),
        ]
        if let write = entry.lastWrite {
            members.append(
                (
                    "last_write",
                    .object([
                        ("operation", .string(write.operation.rawValue)), ("message_bytes", .int(write.message.count)),
                        ("message_hex", .string(Hex.encode(write.message))),
                        ("capacity_bytes", write.capacity.map { .int($0.bytes) } ?? .null),
                        ("capacity_source", write.capacity.map { .string($0.source.rawValue) } ?? .null),
                        ("verified", .bool(write.verified)), ("pages_written", .int(write.pagesWritten)),
                        ("modeled_air_time_ms", write.modeledAirTime.map { JSONContract.rounded($0 * 1_000) } ?? .null),
                        ("at", ISOTime.json(write.at)),
                    ])
                ))
        } else {
            members.append(("last_write", .null))
        }
        return .object(members)
    }
}
