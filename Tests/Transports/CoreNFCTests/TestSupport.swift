import Foundation
import TagCatalog
import TagEmulator

@testable import CoreNFCTransport

/// Collects defects instead of printing them, so tests can assert on them.
final class DefectCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    var log: DefectLog { DefectLog { [self] in record($0) } }
    var defects: [String] { lock.withLock { entries } }
    private func record(_ defect: String) { lock.withLock { entries.append(defect) } }
}

/// A URI record: well-known TNF 1, type "U", prefix code then the rest of the URI (NFC Forum RTD URI §3.2.2).
func uriRecord(prefix: UInt8, _ rest: String) -> NDEFRecordFields {
    NDEFRecordFields(tnf: 0x01, type: [0x55], payload: [prefix] + Array(rest.utf8))
}

let sampleUID: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80]
