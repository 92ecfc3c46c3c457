import NDEF
import TagCatalog
import TagEmulator
import TapCardSupport
import Testing

@testable import TagWorkflows

/// A FeliCa card's inspection and write in words (the lines a screen lists), worded here in
/// TagWorkflows so no front end needs a file for the type: the phone showed exactly these.
@Suite struct Type3PresentationTests {
    static let idm: [UInt8] = [0x01, 0x2E, 0x50, 0x48, 0x4F, 0x4E, 0x45, 0x82]
    /// 97 bytes of payload: a 100-byte message.
    static let message = NDEFMessage(records: [
        NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [UInt8](repeating: 0x41, count: 97))
    ])

    @Test func aFormattedLiteSsFieldsNameTheAttributeBlockAndNoSignature() async throws {
        let card = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm)
        let report = try await Type3Tag(channel: card, declaredModel: .feliCaLiteS).inspectTag()
        guard case .type3Inspection(let inspection) = report.detail else {
            Issue.record("not an inspection: \(report.detail)")
            return
        }
        // The UID passed is the carrier's: a FeliCa card's line is its own IDm.
        let fields = try #require(report.detail.fields(uid: [0x01], carrier: "FeliCa"))
        #expect(
            fields.map(\.label) == [
                "UID", "Manufacturer", "Chip", "Tag type", "NDEF status", "Capacity", "Attribute block", "PMm",
                "System code", "MC (88h)", "Signature",
            ])
        func value(_ label: String) -> String? { fields.first { $0.label == label }?.value }
        #expect(value("UID") == "01:2E:50:48:4F:4E:45:82 (the card's IDm)")
        #expect(value("Manufacturer") == "Sony (FeliCa; the PMm's IC code F1 names the chip)")
        #expect(value("Chip") == "FeliCa Lite-S (RC-S966) (by PMm IC code F1)")
        #expect(value("Tag type") == "NFC Forum Type 3 (FeliCa)")
        #expect(value("NDEF status") == "NDEF, read/write (the attribute block's RW flag is 01)")
        #expect(value("Capacity") == "208 bytes (reported by the card's attribute block: Nmaxb 13 × 16)")
        let block0 = Hex.encode(try #require(card.block(0)), uppercase: true, separator: " ")
        #expect(
            value("Attribute block")
                == "Block 0: \(block0). Ver 1.0, Nbr 4, Nbw 1, Nmaxb 13 (208 bytes), WriteF 00, RW flag 01 (read/write), Ln 0."
        )
        #expect(value("PMm") == Hex.encode(card.pmm, uppercase: true, separator: " "))
        #expect(value("System code")?.hasPrefix("12FC (NDEF)") == true)
        #expect(inspection.systemCodes.first == 0x12FC)
        #expect(value("MC (88h)")?.hasPrefix("FF FF FF 01") == true)
        #expect(value("Signature") == "Not checked: TapCard checks no originality signature on FeliCa cards.")
        #expect(report.detail.contentSummary == "Empty: Ln is 0, so the card holds no message.")
        #expect(report.facts.storeChip == "felica-lite-s")
        let reason = "TapCard checks no originality signature on FeliCa cards"
        let check = try #require(report.detail.originality(uid: Self.idm))
        #expect(check.verdict == .unavailable(reason: reason))
        #expect(check.statement == "No originality check: \(reason).")
        #expect(check.uid == Self.idm)
        #expect(report.detail.originalitySignature == nil)
    }

    @Test func aWriteIsSummarisedWithItsUpdateOrderAndModeledAirTime() async throws {
        let card = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm)
        let outcome = try await Type3Tag(channel: card, declaredModel: .feliCaLiteS).writeMessage(
            Self.message, verify: true)
        guard case .type3(let report) = outcome.detail else {
            Issue.record("not a Type 3 write: \(outcome.detail)")
            return
        }
        let lines = try #require(outcome.summaryLines(uid: [0x01]), "the report's own IDm, not the one passed")
        #expect(lines.count == 5)
        #expect(
            lines[0]
                == "Wrote 100 bytes to the card with IDm 01:2E:50:48:4F:4E:45:82 (FeliCa Lite-S (RC-S966) (by PMm IC code F1))."
        )
        #expect(
            lines[1]
                == "The card holds at most 208 bytes (reported by the card's attribute block: Nmaxb × 16); 108 left.")
        // 100 bytes are 7 blocks of 16; Nbw 1: one data Update per block, between the two of block 0.
        #expect(report.writes.count == 9)
        #expect(
            lines[2]
                == "9 Updates (the attribute block with WriteF 0F first, 7 data Updates of blocks 1, 2, 3, 4, 5, 6, 7, then WriteF 00 with Ln 100 last)."
        )
        #expect(
            lines[3]
                == "Verified: block 0 and the 100-byte message read back in the same session decode to the same records."
        )
        #expect(
            lines[4].hasPrefix("Air time: ")
                && lines[4].hasSuffix("(datasheet timing, not measured; the phone adds its own latency)."))
        #expect(outcome.blocksWritten == 8, "block 0 twice, counted once, and blocks 1–7")
        #expect((outcome.modeledAirTime ?? 0) > 0)
    }

    @Test func aLiteSLockIsSummarisedWithItsUpdatesAndTheMC() async throws {
        let card = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm)
        let outcome = try await Type3Tag(channel: card, declaredModel: .feliCaLiteS).lockTag(
            confirmation: .permanent, key: nil)
        guard case .type3Lock(let report) = outcome.detail else {
            Issue.record("not a Type 3 lock: \(outcome.detail)")
            return
        }
        let lines = try #require(outcome.summaryLines(uid: [0x01]), "the report's own IDm, not the one passed")
        #expect(
            lines == [
                "Locked FeliCa Lite-S with IDm 01:2E:50:48:4F:4E:45:82 in 2 Updates: the attribute block's RW flag set to 00 (reversible on its own); MC with S_PAD0–13 read-only and MC_ALL 00 (permanent).",
                "Verified: read back, block 0 has RW flag 00; MC \(Hex.encode(report.memoryConfiguration.bytes, uppercase: true, separator: " ")) (\(report.memoryConfiguration.description.joined(separator: "; "))). No reader can write this card's message again.",
                "Permanent: the lock-memory step (MC_ALL 00) can never be undone; nothing can make the MC or S_PAD0–13 writable again.",
            ])
    }
}
