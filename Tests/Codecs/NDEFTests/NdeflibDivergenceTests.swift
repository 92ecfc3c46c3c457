import Foundation
import TapCardSupport
import Testing

@testable import NDEF

/// Where Python's ndeflib 0.3.3 departs from NDEF 1.0. Each test pins ndeflib's exact output (so a
/// change upstream shows up here) next to what the specification, and TapCard, say.
@Suite("Divergence from ndeflib 0.3.3", .enabled(if: PythonNdeflib.shouldRun, PythonNdeflib.skipReason))
struct NdeflibDivergenceTests {
    private func ndeflib(_ hex: String) throws -> String {
        #expect(PythonNdeflib.isAvailable, "ndeflib 0.3.3 is required (TAPCARD_REQUIRE_PEERS is set)")
        return try PythonNdeflib.describe([hex]).first ?? ""
    }

    @Test("Chunks are not reassembled: ndeflib returns each chunk as a record (NDEF 1.0 §2.3.3)")
    func chunksNotReassembled() throws {
        // B1: MB|CF|SR|TNF1 "U" payload 04 (https://); 36: CF|SR|TNF6 "ab"; 56: ME|SR|TNF6 "c".
        let hex = "B101015504360002616256000163"
        #expect(
            try ndeflib(hex)
                == "[('urn:nfc:wkt:U', '', '04', 'https://', None), ('unchanged', '', '6162', None, None), ('unchanged', '', '63', None, None)]"
        )
        let ours = try NDEFMessage.decode(bytes(hex))
        #expect(ours.records.map(\.view) == [.uri(URIRecord(uri: "https://abc"))])
    }

    @Test("BOM-less UTF-16 text is read little-endian by ndeflib; RFC 2781 says big-endian")
    func bomLessUTF16() throws {
        // 82: UTF-16 | language length 2; "en"; 00 48 00 69 = "Hi" big-endian, no BOM.
        let hex = "D101075482656E00480069"
        // ndeflib reads U+4800 U+6900 ("䠀椀") and re-encodes it with an FF FE BOM.
        #expect(try ndeflib(hex) == "[('urn:nfc:wkt:T', '', '82656efffe00480069', None, '䠀椀')]")
        #expect(
            try NDEFMessage.decode(bytes(hex)).records[0].view
                == .text(TextRecord("Hi", encoding: .utf16, utf16Layout: .bigEndian)))
    }

    @Test("Bytes after the ME record are ignored by ndeflib; NDEF 1.0 §3.3 ends the message at ME")
    func trailingBytesAccepted() throws {
        let hex = "D101015500FE"
        #expect(try ndeflib(hex) == "[('urn:nfc:wkt:U', '', '00', '', None)]")
        #expect(throws: NDEFError.bytesAfterMessageEnd(offset: 5, count: 1)) { try NDEFMessage.decode(bytes(hex)) }
    }

    @Test("Empty input decodes to no records in ndeflib; a message has at least one record (§3.3)")
    func emptyInputAccepted() throws {
        #expect(try ndeflib("") == "[]")
        #expect(throws: NDEFError.emptyInput) { try NDEFMessage.decode([]) }
    }

    /// NDEF 1.0 §3.2.6 gives TNF 1–4 a type, and a record without one breaks that rule; but the
    /// record's structure is sound, so TapCard keeps it and flags it (`problems`), and refuses it
    /// only when asked (`decode --strict`). Android's parser (`NdefMessage(byte[])` →
    /// `NdefRecord.parse` → `validateTnf`) accepts such a record: `validateTnf` returns no error
    /// for TNF 1–4 whatever the type, and rejects only content on TNF 0, a type on TNF 5 and 7, and
    /// TNF 6 outside a chunk (no Android here to run; read from AOSP's `NdefRecord.java`). ndeflib
    /// refuses the whole message, in strict and relaxed mode alike.
    @Test(
        "A typed record (TNF 1–4) without a type: ndeflib refuses the message; TapCard keeps and flags it",
        arguments: 1...4)
    func emptyTypeRefusedByNdeflib(_ tnfValue: Int) throws {
        let hex = String(format: "D%d000100", tnfValue)
        #expect(
            try ndeflib(hex) == "EXC DecodeError: ndef.record.Record TYPE_LENGTH must be > 0 for TNF value \(tnfValue)")
        let tnf = try #require(TypeNameFormat(rawValue: UInt8(tnfValue)))
        let record = try #require(try NDEFMessage.decode(bytes(hex)).records.first)
        #expect(record.problems == [.emptyType(tnf)])
        #expect(record.payload == [0x00])
        #expect(throws: NDEFError.missingType(offset: 0, tnf: tnf)) {
            try NDEFMessage.decode(bytes(hex), problems: .refuse)
        }
    }

    /// Bluetooth Core v5.3 Vol 3 Part C §8 does not forbid an EIR type appearing twice, and
    /// TapCard keeps every structure in order (showing the first Complete Local Name); ndeflib
    /// keeps its EIR data in a dict keyed by type, so the last one silently replaces the first.
    /// (Android's `parseBtOob` would also keep the last it reads, and prefers a Shortened name.)
    @Test("Two Complete Local Names in Bluetooth OOB data: ndeflib keeps only the last")
    func bluetoothDuplicateEIRType() throws {
        // 10 00 (16 bytes) | BD_ADDR 00:1A:7D:DA:71:13 | 03 09 'A' 'B' | 03 09 'C' 'D'
        let payload = "1000" + "1371da7d1a00" + "03094142" + "03094344"
        let hex =
            "D220" + String(format: "%02x", payload.count / 2) + Hex.encode(Array(BluetoothOOBRecord.mediaType.utf8))
            + payload
        let script = """
            import sys, ndef
            (r,) = ndef.message_decoder(bytes.fromhex(sys.argv[1]))
            print(repr(list(r.items())), r.device_name)
            """
        #expect(PythonNdeflib.isAvailable, "ndeflib 0.3.3 is required (TAPCARD_REQUIRE_PEERS is set)")
        #expect(try PythonNdeflib.run(script: script, arguments: [hex]) == "[(9, b'CD')] CD\n")
        let oob = try BluetoothOOBRecord.decode(payload: bytes(payload)[...])
        #expect(oob.dataStructures.map(\.data) == [Array("AB".utf8), Array("CD".utf8)])
        #expect(oob.name == "AB")
        #expect(oob.otherDataStructures == [EIRDataStructure(type: 0x09, data: Array("CD".utf8))])
    }
}
