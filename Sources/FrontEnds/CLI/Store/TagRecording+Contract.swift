import CommandLineKit
import Foundation
import Store
import TagInventory
import TagWorkflows

extension TagRecording {
    /// A `read` or an `info` of any tag: the tag was seen (``TagHistory``, shared with the phone).
    func record(_ report: TagReport, io: some CommandIO, at now: Date? = nil) {
        record(io: io) { recorder throws(StoreError) in
            try TagHistory(recorder: recorder).recordSighting(report, at: now ?? CLIClock.now(io))
        }
    }

    /// A completed `write` or `erase` of any tag: a write-log entry.
    func record(_ outcome: TagWriteOutcome, operation: WriteOperation, io: some CommandIO, at now: Date? = nil) {
        record(io: io) { recorder throws(StoreError) in
            try TagHistory(recorder: recorder).recordWrite(outcome, operation: operation, at: now ?? CLIClock.now(io))
        }
    }

    /// A completed `format` or `lock` of any tag.
    func record(
        _ outcome: TagManagementOutcome, operation: WriteOperation, io: some CommandIO, at now: Date? = nil
    ) {
        record(io: io) { recorder throws(StoreError) in
            try TagHistory(recorder: recorder).recordManagement(
                outcome, operation: operation, at: now ?? CLIClock.now(io))
        }
    }
}
