import TagCatalog
import Testing
import Type2

/// The largest message an NDEF TLV holds in a given number of usable bytes (type byte included),
/// at the boundary between the 1-byte and the 3-byte length field (NFC Forum T2T 1.0 §2.3: a
/// length byte FF announces a 3-byte length, so a 1-byte length is at most FE = 254; nfcpy
/// `tt2.py` `get_capacity` computes the same). (Mutation audit, issue 29: a 1-byte limit of 255
/// passed every test; it reports 255 bytes for areas of 257 and 258 bytes, where 255 bytes need
/// the 3-byte form and 259 bytes in all.)
@Suite struct Type2CapacityBoundaryTests {
    @Test(arguments: [
        (0, 0), (1, 0), (2, 0), (3, 1), (48, 46), (256, 254), (257, 254), (258, 254), (259, 255), (260, 256),
        (0x1_0002, 0xFFFE), (0x2_0000, 0xFFFE),
    ])
    func maximumMessage(_ usable: Int, _ expected: Int) {
        #expect(Type2Snapshot.maximumMessage(usableBytes: usable) == expected, "\(usable) usable bytes")
    }

    /// Whatever the area, the TLV of the largest message fits it: type, its length field, message.
    @Test func theLargestMessagesTLVAlwaysFits() {
        for usable in 0...1_100 {
            let message = Type2Snapshot.maximumMessage(usableBytes: usable)
            guard message > 0 else { continue }
            let tlv = 1 + (message < 255 ? 1 : 3) + message
            #expect(tlv <= usable, "\(usable) usable bytes: a \(message)-byte message needs \(tlv)")
        }
    }
}
