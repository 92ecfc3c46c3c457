import NDEF
import TagCatalog
import TagEmulator
import Testing

@testable import TagWorkflows

/// A Type 4 tag's inspection and write in words (the lines a screen lists), worded here in
/// TagWorkflows so no front end needs a file for the type: the phone showed exactly these.
@Suite struct Type4PresentationTests {
    static let uid: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80]
    /// 97 bytes of payload: a 100-byte message.
    static let message = NDEFMessage(records: [
        NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [UInt8](repeating: 0x41, count: 97))
    ])

    @Test func aFactoryNTAG424DNAsFieldsNameEveryFileAndTheSignature() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        let report = try await Type4Tag(channel: tag, uid: tag.uid).inspectTag()
        guard case .type4Inspection(let inspection) = report.detail else {
            Issue.record("not an inspection: \(report.detail)")
            return
        }
        let fields = try #require(report.detail.fields(uid: Self.uid, carrier: "ISO 7816 (ISO-DEP)"))
        #expect(
            fields.map(\.label) == [
                "UID", "Manufacturer", "Chip", "Tag type", "NDEF status", "Capacity", "CC file", "File 1", "File 2",
                "File 3", "Signature",
            ])
        func value(_ label: String) -> String? { fields.first { $0.label == label }?.value }
        #expect(value("UID") == "04:A1:B2:C3:D4:E5:80")
        #expect(value("Manufacturer") == "NXP Semiconductors (UID byte 0 = 0x04)")
        #expect(value("Chip")?.hasPrefix("NTAG 424 DNA (by GetVersion: NXP, HW 48.0, SW 1.2") == true)
        #expect(value("Tag type") == "NFC Forum Type 4 (ISO 7816 (ISO-DEP))", "the carrier as the front end names it")
        #expect(value("NDEF status") == "NDEF, read/write (the CC file's write access is free (00))")
        #expect(value("Capacity") == "254 bytes (reported by the tag's CC file: max size 256 − 2-byte NLEN)")
        #expect(
            value("File 2")
                == "256 bytes, plain communication; read free, write free, read-write free, change settings key 0."
        )
        #expect(value("File 3")?.hasPrefix("128 bytes, full communication") == true)
        let check = try #require(inspection.signatureCheck)
        // The emulator answers Read_Sig with zeros: the verdict and the check's own statement.
        #expect(check.verdict == .invalid)
        #expect(value("Signature") == "Invalid. \(check.statement)")
        #expect(report.detail.originality(uid: Self.uid) == check)
        #expect(report.detail.originalitySignature == inspection.signature)
        #expect(report.detail.contentSummary == "Empty: NLEN is 0, so the NDEF file holds no message.")
        #expect(report.facts.storeChip == "ntag424-dna")
    }

    @Test func aGenericType4TagHasNoFileSettingsAndSaysWhyThereIsNoSignature() async throws {
        let tag = EmulatedType4Tag(model: .genericType4, uid: Self.uid)
        let report = try await Type4Tag(channel: tag, uid: tag.uid).inspectTag()
        let fields = try #require(report.detail.fields(uid: Self.uid, carrier: "ISO 14443-A, MIFARE DESFire"))
        func value(_ label: String) -> String? { fields.first { $0.label == label }?.value }
        #expect(fields.filter { $0.label.hasPrefix("File ") }.isEmpty)
        #expect(value("Tag type") == "NFC Forum Type 4 (ISO 14443-A, MIFARE DESFire)")
        #expect(value("Capacity") == "2046 bytes (reported by the tag's CC file: max size 2048 − 2-byte NLEN)")
        #expect(value("CC file")?.contains("MLe 59 (largest READ BINARY answer), MLc 52") == true)
        #expect(
            value("Signature") == "Not read: Read_Sig is an NTAG 424 DNA command, and GetVersion named no NTAG 424 DNA."
        )
        let check = try #require(report.detail.originality(uid: Self.uid))
        #expect(check.signature == nil)
        #expect(check.uid == Self.uid)
        #expect(report.facts.storeChip == "type4", "an unidentified Type 4 tag is the catalog's generic model")
    }

    @Test func aWriteIsSummarisedWithTheNDEFFileAndItsUpdates() async throws {
        let tag = EmulatedType4Tag(model: .genericType4, uid: Self.uid)
        let outcome = try await Type4Tag(channel: tag, uid: tag.uid).writeMessage(Self.message, verify: true)
        guard case .type4(let report) = outcome.detail else {
            Issue.record("not a Type 4 write: \(outcome.detail)")
            return
        }
        let lines = try #require(outcome.summaryLines(uid: Self.uid))
        #expect(
            lines == [
                "Wrote 100 bytes to NDEF file E104 of tag 04:A1:B2:C3:D4:E5:80 (\(report.identification.phrase)).",
                "The NDEF file holds at most 2046 bytes (reported by the tag's CC file: max size 2048 − 2-byte NLEN); 1946 left.",
                "\(report.writes.count) UPDATE BINARY commands (NLEN cleared first and set last when the message takes more than one).",
                "Read back in the same session: NLEN and the 100-byte message match record by record.",
            ])
        #expect(report.writes.count >= 3)
        #expect(outcome.blocksWritten == 0, "Type 4 writes bytes of a file, not blocks")
        #expect(outcome.modeledAirTime == nil)
    }

    @Test func anNTAG424DNALockIsSummarisedWithItsStepsAndFileSettings() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        let outcome = try await Type4Tag(channel: tag, uid: tag.uid).lockTag(confirmation: .permanent, key: nil)
        guard case .type4Lock(let report) = outcome.detail else {
            Issue.record("not a Type 4 lock: \(outcome.detail)")
            return
        }
        let lines = try #require(outcome.summaryLines(uid: Self.uid))
        // The words every front end shows (the CLI adds its header and statistics).
        #expect(
            lines == [
                "Locked NTAG 424 DNA 04:A1:B2:C3:D4:E5:80 with key 0 (AuthenticateEV2First), 3 steps: FF into the CC file's NDEF write-access byte; the NDEF file's settings to write, read-write and change never; the CC file's settings to write, read-write and change never.",
                "Verified: read back, the CC file says write access never (FF); file 1 write never, read-write never, change never; file 2 write never, read-write never, change never. No command can make this tag writable again.",
            ])
        #expect(report.fileSettings.count == 2)
        // A lock whose read-back misses a part is not called verified, nor permanent.
        var partial = report
        partial.ccWriteAccess = .free
        let partialLines = partial.summaryLines(uid: Self.uid)
        #expect(
            partialLines.last?.hasPrefix("NOT verified: read back, the CC file says write access free (00);") == true)
        #expect(partialLines.last?.contains("No command can make") == false)
        // Nothing sent: the tag was locked already.
        var nothing = report
        nothing.steps = []
        #expect(
            nothing.summaryLines(uid: Self.uid).first
                == "NTAG 424 DNA 04:A1:B2:C3:D4:E5:80 was locked already: nothing was sent after reading its CC file and file settings."
        )
    }
}
