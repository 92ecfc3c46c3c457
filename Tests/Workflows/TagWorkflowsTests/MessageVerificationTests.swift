import NDEF
import Testing

@testable import TagWorkflows

/// "Verified" means the read-back decodes to the same records; the verification also says
/// whether the bytes were the very bytes written.
@Suite struct MessageVerificationTests {
    /// Text "hi" in English: `D1 01 05 54 02 65 6E 68 69` (short record, NDEF 1.0 §3.2.4).
    static let short: [UInt8] = [0xD1, 0x01, 0x05, 0x54, 0x02, 0x65, 0x6E, 0x68, 0x69]
    /// The same record with SR clear: a 4-byte payload length `00 00 00 05`.
    static let long: [UInt8] = [0xC1, 0x01, 0x00, 0x00, 0x00, 0x05, 0x54, 0x02, 0x65, 0x6E, 0x68, 0x69]

    @Test func theVeryBytesVerifyAsBytes() throws {
        let message = try NDEFMessage.decode(Self.short)
        let match = try MessageVerification.check(
            readBytes: Self.short, message: message, expectedBytes: Self.short, expected: message)
        #expect(match == .bytes)
    }

    @Test func anotherEncodingOfTheSameRecordsVerifiesAndSaysSo() throws {
        let written = try NDEFMessage.decode(Self.short)
        let readBack = try NDEFMessage.decode(Self.long)
        #expect(readBack == written, "the long form decodes to the same record")
        let match = try MessageVerification.check(
            readBytes: Self.long, message: readBack, expectedBytes: Self.short, expected: written)
        #expect(match == .recordsOnly)
    }

    @Test func differentRecordsDoNotVerify() throws {
        let written = try NDEFMessage.decode(Self.short)
        var other = Self.short
        other[8] = 0x6F  // "ho"
        let readBack = try NDEFMessage.decode(other)
        #expect(throws: TagWriteError.self) {
            try MessageVerification.check(
                readBytes: other, message: readBack, expectedBytes: Self.short, expected: written)
        }
        #expect(throws: TagWriteError.self) {
            try MessageVerification.check(readBytes: nil, message: nil, expectedBytes: Self.short, expected: written)
        }
    }
}
