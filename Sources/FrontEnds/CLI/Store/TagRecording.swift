import CommandLineKit
import Foundation
import Originality
import Store
import TagCatalog
import TagWorkflows
import Type3

/// What the tag commands (read, info, write, erase, format, lock) call to record what they did
/// in the TapCard database: the inventory row (UID, chip, capacity and where the figure came
/// from, signature) and, for changes, a write-log entry.
///
/// Usage in a command: `let recording = try TagRecording.take(&arguments, io: io)` while
/// parsing (it takes `--db`), then after the tag operation succeeded
/// `recording.write(report, message: bytes, io: io)` (or `read`, `inspection`, `pageOperation`).
///
/// Recording never turns a completed tag operation into a failure: if the database fails, one
/// `warning: …` line goes to standard error and the command keeps its exit status (the tag was
/// changed either way, and saying so matters more than the log). Without `at`, an entry is
/// stamped with the command's clock (``CLIClock``, so `TAPCARD_TEST_NOW` applies as in `focus`).
struct TagRecording {
    let databasePath: String

    /// The `--db` help lines for a tag command's `--help` (without the final newline, so it sits
    /// in an options list like any other interpolated line).
    static let help = String(DatabaseOption.help.dropLast())

    static func take(_ arguments: inout Arguments, io: some CommandIO) throws -> TagRecording {
        TagRecording(databasePath: try DatabaseOption.path(&arguments, io: io))
    }

    /// A tag `watch` saw: UID and chip only (no capacity was read). Not recorded when the chip is
    /// not known, so a later `read` does not find the same UID under a second, unknown chip.
    func sighting(uid: [UInt8]?, chip: String?, io: some CommandIO, at now: Date? = nil) {
        guard let chip else { return }
        seen(uid: uid, chip: chip, capacity: nil, io: io, at: now)
    }

    /// The tag was seen (no write-log entry); `capacity` nil when none was read.
    private func seen(
        uid: [UInt8]?, chip: String, capacity: Capacity?, signature: SignatureRecord? = nil, io: some CommandIO,
        at now: Date?
    ) {
        guard let uid, !uid.isEmpty else { return }
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordRead(
                uid: uid, chip: chip, capacityBytes: capacity?.bytes, capacityReported: capacity?.source == .reported,
                signature: signature, at: now ?? CLIClock.now(io))
        }
    }

    /// Runs `body` on a ``StoreRecorder`` for the database (the Store's recording API; this type
    /// only adapts the workflow reports to it and turns a failure into a warning).
    func record(io: some CommandIO, _ body: (StoreRecorder) throws(StoreError) -> Void) {
        do {
            try body(try StoreRecorder(path: databasePath))
        } catch {
            io.printError("warning: the tag operation completed but was not recorded: \(error.sentence)")
        }
    }

}
