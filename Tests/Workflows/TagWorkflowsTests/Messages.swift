import NDEF
import TestSupport

/// NDEF messages of an exact encoded size, for tests.
enum Messages {
    /// One record of TNF 5 ("unknown", no type) whose encoded message is exactly `length` bytes:
    /// header, type length 0, payload length (1 byte when short, 4 otherwise), payload.
    /// `length` must be at least 3 and not 259…261 (where neither form fits).
    static func exactly(_ length: Int, using rng: inout SplitMix64) -> NDEFMessage {
        let payloadLength = length - 3 <= 255 ? length - 3 : length - 6
        let record = NDEFRecord(tnf: .unknown, type: [UInt8](), payload: rng.bytes(payloadLength))
        return NDEFMessage(records: [record])
    }
}
