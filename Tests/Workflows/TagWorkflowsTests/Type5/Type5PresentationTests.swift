import NDEF
import TagCatalog
import TagEmulator
import TapCardSupport
import Testing

@testable import TagWorkflows

/// A Type 5 tag's inspection and write in words (the lines a screen lists), worded here in
/// TagWorkflows so no front end needs a file for the type: the phone showed exactly these.
@Suite struct Type5PresentationTests {
    /// 97 bytes of payload: a 100-byte message.
    static let message = NDEFMessage(records: [
        NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [UInt8](repeating: 0x41, count: 97))
    ])

    /// The CC's MLEN, the data area and the capacity of each factory-formatted chip.
    static func figures(_ model: TagModel) -> (mlen: Int, dataArea: Int, capacity: Int, memory: String) {
        model == .icodeSLIX2
            ? (39, 312, 308, "320 bytes of memory (reported by GET SYSTEM INFO: 80 blocks)")
            : (63, 504, 500, "512 bytes of memory (reported by GET SYSTEM INFO: 128 blocks)")
    }

    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k])
    func aFormattedTagsFieldsNameTheCCTheTLVAndTheBlocks(model: TagModel) async throws {
        let tag = EmulatedType5Tag(model: model)
        let report = try await Type5Tag(channel: tag, declaredModel: model).inspectTag()
        guard case .type5Inspection(let inspection) = report.detail else {
            Issue.record("not an inspection: \(report.detail)")
            return
        }
        let fields = try #require(report.detail.fields(uid: tag.uid, carrier: "ISO 15693 (NFC-V)"))
        #expect(
            fields.map(\.label) == [
                "UID", "Manufacturer", "Chip", "Tag type", "Memory", "NDEF status", "Capacity", "CC", "NDEF TLV",
                "Block security", "iOS compatibility", "Signature",
            ])
        func value(_ label: String) -> String? { fields.first { $0.label == label }?.value }
        let figures = Self.figures(model)
        #expect(value("UID") == Hex.encode(tag.uid, uppercase: true, separator: ":"))
        #expect(
            value("Manufacturer")
                == (model == .icodeSLIX2
                    ? "NXP Semiconductors (UID byte 1 = 0x04)" : "STMicroelectronics (UID byte 1 = 0x02)"))
        #expect(value("Chip")?.hasPrefix("\(model.displayName) (UID ") == true)
        #expect(value("Tag type") == "NFC Forum Type 5 (ISO 15693)", "the same whatever the carrier is called")
        #expect(value("Memory") == "4-byte blocks (reported by GET SYSTEM INFO); \(figures.memory)")
        #expect(value("NDEF status") == "NDEF, read/write (the CC's write access is 00 (free))")
        #expect(
            value("Capacity")
                == "\(figures.capacity) bytes (reported by the tag's CC: MLEN \(figures.mlen), a \(figures.dataArea)-byte data area)"
        )
        let mlen = Hex.encode([UInt8(figures.mlen)], uppercase: true)
        #expect(value("CC")?.hasPrefix("E1 40 \(mlen) 00: magic E1, mapping version 1.0") == true)
        #expect(value("NDEF TLV") == "At data-area offset 0 (block 1), 1-byte length 0; block 1.")
        #expect(value("Block security") == "No block is locked.")
        #expect(value("iOS compatibility") == "No known reason iOS would not read this tag's NDEF message.")
        #expect(report.detail.contentSummary == "Empty: the NDEF TLV has length 0, so the tag holds no message.")
        #expect(report.facts.storeChip == model.rawValue)
        let check = try #require(report.detail.originality(uid: tag.uid))
        if model == .icodeSLIX2 {
            // The emulator answers READ SIGNATURE with zeros: the verdict and its own statement.
            #expect(check == inspection.signatureCheck)
            #expect(check.verdict == .invalid)
            #expect(value("Signature") == "Invalid. \(check.statement)")
            #expect(report.detail.originalitySignature == inspection.signature)
            #expect(report.detail.originalitySignature != nil)
        } else {
            let reason = "READ SIGNATURE is an NXP ICODE command, and this UID names another manufacturer"
            #expect(value("Signature") == "Not read: \(reason).")
            #expect(check.verdict == .unavailable(reason: reason))
            #expect(check.statement == "No originality check: \(reason).")
            #expect(report.detail.originalitySignature == nil)
        }
    }

    @Test func aBlankTagShowsBlockZeroAndNoCapacity() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, formatted: false)
        let report = try await Type5Tag(channel: tag, declaredModel: .icodeSLIX2).inspectTag()
        let fields = try #require(report.detail.fields(uid: tag.uid, carrier: "ISO 15693 (NFC-V)"))
        func value(_ label: String) -> String? { fields.first { $0.label == label }?.value }
        #expect(value("NDEF status") == "Not NDEF-formatted: block 0 holds 00 00 00 00, not a CC (E1 or E2).")
        #expect(value("Capacity") == "None: without a CC the tag reports no NDEF capacity.")
        #expect(value("NDEF TLV") == nil)
        #expect(
            report.detail.contentSummary
                == "Nothing to read: the tag has no CC, so it is not NDEF-formatted; it must be formatted (with TapCard on a computer) before iOS or TapCard can write a message."
        )
    }

    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k])
    func aWriteIsSummarisedWithItsBlocksAndModeledAirTime(model: TagModel) async throws {
        let tag = EmulatedType5Tag(model: model)
        let outcome = try await Type5Tag(channel: tag, declaredModel: model).writeMessage(Self.message, verify: true)
        guard case .type5(let report) = outcome.detail else {
            Issue.record("not a Type 5 write: \(outcome.detail)")
            return
        }
        let capacity = Self.figures(model).capacity
        let lines = try #require(outcome.summaryLines(uid: [0x01]), "the report's own UID, not the one passed")
        #expect(lines.count == 5)
        #expect(
            lines[0]
                == "Wrote 100 bytes to tag \(Hex.encode(tag.uid, uppercase: true, separator: ":")) (\(report.identification.phrase))."
        )
        #expect(
            lines[1] == "The tag holds at most \(capacity) bytes (reported by the tag's CC); \(capacity - 100) left.")
        #expect(
            lines[2]
                == "\(report.writes.count) WRITE SINGLE BLOCK commands (the NDEF TLV's length in block 1 set to 0 first, the message blocks, then the 1-byte length committed last)."
        )
        #expect(
            lines[3]
                == "Verified: the CC and the 100-byte message read back in the same session decode to the same records."
        )
        let milliseconds =
            ((outcome.writeStatistics.modeledMicroseconds + outcome.verifyStatistics.modeledMicroseconds) / 100)
            .rounded() / 10
        let commands = outcome.writeStatistics.commands + outcome.verifyStatistics.commands
        #expect(
            lines[4]
                == "Air time: \(milliseconds) ms modeled for \(commands) commands (datasheet timing, not measured; the phone adds its own latency)."
        )
        #expect(milliseconds > 0)
        // The header block is written twice (length 0 first, the length last): counted once.
        #expect(outcome.blocksWritten == Set(report.writes.map(\.block)).count)
        #expect(outcome.blocksWritten == report.writes.count - 1)
        let seconds = try #require(outcome.modeledAirTime)
        #expect(abs(seconds - milliseconds / 1000) < 0.000_05, "the log's seconds are the line's milliseconds")
    }

    @Test func anICODESLIX2LockIsSummarisedAsPermanentWithItsBlocks() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2)
        let outcome = try await Type5Tag(channel: tag, declaredModel: .icodeSLIX2).lockTag(
            confirmation: .permanent, key: nil)
        guard case .type5Lock(let report) = outcome.detail else {
            Issue.record("not a Type 5 lock: \(outcome.detail)")
            return
        }
        let uid = Hex.encode(tag.uid, uppercase: true, separator: ":")
        let lines = try #require(outcome.summaryLines(uid: [0x01]), "the report's own UID, not the one passed")
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "Locked ICODE SLIX2 \(uid) in \(report.steps.count) steps: \(report.steps.map(\.label).joined(separator: "; "))."
        )
        #expect(lines[0].hasSuffix("locked CC block 0."), "the CC block is locked last")
        let last = try #require(report.blocksToLock.max())
        #expect(report.blocksToLock.sorted() == Array(0...last))
        #expect(lines[1] == "Verified: read back, the CC's write access is 11 (read-only); blocks 0–\(last) locked.")
        #expect(
            lines[2]
                == "Permanent: the LOCK BLOCK steps (blocks 0–\(last)) can never be undone; the CC's write access alone could be rewritten, which is why the CC block is locked last."
        )
        // A read-back that misses a block is not called verified.
        var partial = report
        partial.lockedBlocks = [last]
        #expect(!partial.verified)
        #expect(
            partial.summaryLines[1].hasPrefix(
                "NOT verified: read back, the CC's write access is 11 (read-only); block \(last) locked."))
        #expect(partial.summaryLines[1].hasSuffix("lock it again to complete it."))
        #expect(Type5LockReport.blockPhrase([0, 2, 7, 8, 9]) == "blocks 0, 2 and 7–9")
        #expect(Type5LockReport.blockPhrase([3]) == "block 3")
    }
}
