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

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator for property loops.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A URI record: well-known TNF 1, type "U", prefix code then the rest of the URI (NFC Forum RTD URI §3.2.2).
func uriRecord(prefix: UInt8, _ rest: String) -> NDEFRecordFields {
    NDEFRecordFields(tnf: 0x01, type: [0x55], payload: [prefix] + Array(rest.utf8))
}

let sampleUID: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80]
