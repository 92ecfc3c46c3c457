import Foundation
import NDEF
import TagCatalog
import Testing
import Type5

@testable import TagWorkflows

/// What every tag type's presentation promises a front end, asserted over every emulated model
/// through the contract only: an inspection's fields start with the same five lines, name each
/// label once and end with the signature; a read without the type's inspection leaves the lines
/// to the envelope; and each write's summary or log figures come from the detail.
@Suite struct TagPresentationTests {
    static let models = ConformanceSuiteTests.models.filter { $0.type2Layout == nil }

    @Test(arguments: models)
    func everyInspectionListsTheSameLeadingLinesOnceEach(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let report = try await tag.driver().inspectTag()
        let fields = try #require(report.detail.fields(uid: report.facts.uid ?? [], carrier: "carrier"))
        let labels = fields.map(\.label)
        #expect(Array(labels.prefix(4)) == ["UID", "Manufacturer", "Chip", "Tag type"])
        #expect(labels.contains("NDEF status") && labels.contains("Capacity"))
        #expect(labels.last == "Signature")
        #expect(Set(labels).count == labels.count, "a label names one line: \(labels)")
        #expect(fields.allSatisfy { !$0.value.isEmpty })
        // MIFARE Classic is no NFC Forum type (forum type 0), and TapCard reads no originality
        // signature from it: its type line names the family, and it has no verdict.
        let family = model.classic != nil ? "MIFARE Classic (" : "NFC Forum Type \(report.facts.forumType) ("
        #expect(fields.first { $0.label == "Tag type" }?.value.hasPrefix(family) == true)
        #expect(report.detail.contentSummary != nil)
        #expect((report.detail.originality(uid: report.facts.uid ?? []) != nil) == (model.classic == nil))
        #expect(report.facts.storeChip == model.rawValue)
    }

    @Test(arguments: [TagModel.ntag213, .ultralight])
    func aType2ReadLeavesItsLinesToTheEnvelope(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let report = try await tag.driver().readTag()
        #expect(report.detail.fields(uid: [], carrier: "carrier") == nil)
        #expect(report.detail.contentSummary == nil)
        #expect(report.detail.originality(uid: []) == nil)
        #expect(report.detail.originalitySignature == nil)
        let outcome = try await tag.driver().writeMessage(
            NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [0x41, 0x42])]), verify: true)
        #expect(outcome.summaryLines(uid: []) == nil)
        #expect(outcome.blocksWritten == 0)
        #expect(outcome.modeledAirTime == nil)
    }

    /// Every model's refusal of a message one byte too big names the capacity the tag reported,
    /// through the contract, so a screen sizes the next message without knowing the type.
    @Test(arguments: ConformanceSuiteTests.models)
    func aMessageTooBigNamesTheCapacityOnEveryType(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let report = try await tag.driver().readTag()
        let capacity = try #require(report.capacity?.bytes)
        // TNF 5 with no type: 3 header bytes (6 when the payload is long) and the payload.
        let needed = capacity + 1
        let payload = needed - 3 <= 255 ? needed - 3 : needed - 6
        let message = NDEFMessage(records: [
            NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [UInt8](repeating: 0x41, count: payload))
        ])
        #expect(message.encoded().count == needed)
        do {
            _ = try await tag.driver().writeMessage(message, verify: true)
            Issue.record("\(model): a \(needed)-byte message was written to a \(capacity)-byte tag")
        } catch {
            let refusal = try #require(error as? any MessageTooBigRefusal, "\(model): \(error)")
            #expect(refusal.capacityWhenTooBig == capacity)
        }
    }

    /// A blank tag's write refusal says what was found instead of a formatted tag, through the
    /// contract, on every type that can be blank and reaches a write plan.
    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k, .feliCaLiteS])
    func aBlankTagsRefusalSaysWhatWasFoundOnEveryType(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model, formatted: false)
        let message = NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [0x41])])
        do {
            _ = try await tag.driver().writeMessage(message, verify: true)
            Issue.record("\(model): a blank tag was written")
        } catch {
            let refusal = try #require(error as? any NotFormattedRefusal, "\(model): \(error)")
            let finding = try #require(refusal.notFormattedFinding)
            switch error {
            case Type5PlanError.notFormatted(let blockZero):
                #expect(blockZero == [0, 0, 0, 0])
                #expect(
                    finding
                        == "Block 0 holds 00 00 00 00, not a Type 5 CC (E1 or E2): the tag is blank or not NDEF-formatted, and iOS cannot write it either"
                )
            case Type3Refusal.notFormatted(let reason):
                #expect(finding == "The card is not NDEF-formatted: \(reason)")
            default:
                Issue.record("\(model): \(error)")
            }
            #expect(!finding.hasSuffix("."), "the front end ends the sentence with its own way to format")
            #expect(!Self.speaksCLI(finding))
        }
        // Another refusal of the same types is not "not formatted".
        #expect(Type5PlanError.blockLocked(block: 3).notFormattedFinding == nil)
        #expect(Type3Refusal.confirmationRequired.notFormattedFinding == nil)
    }

    /// True when `text` names the command line: a `tapcard` command or a `--option`. The lines
    /// here are the phone's, which never speaks the CLI.
    static func speaksCLI(_ text: String) -> Bool {
        text.range(of: #"tapcard [a-z]|--[a-z]"#, options: .regularExpression) != nil
    }

    @Test(arguments: models)
    func noLineOfAnInspectionWriteOrLockNamesTheCommandLine(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let report = try await tag.driver().inspectTag()
        let uid = report.facts.uid ?? []
        var lines = (report.detail.fields(uid: uid, carrier: "carrier") ?? []).map(\.value)
        lines += [report.detail.contentSummary ?? ""]
        let message = NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [0x41, 0x42])])
        lines += try await tag.driver().writeMessage(message, verify: true).summaryLines(uid: uid) ?? []
        // A type that cannot lock this model (a generic Type 4 tag) refuses in its own sentence;
        // every other lock must succeed and bring its own lines (an error is not swallowed).
        if let lockable = tag.driver() as? any LockableTag {
            do {
                let outcome = try await lockable.lockTag(confirmation: .permanent, key: nil)
                #expect(outcome.verified, "\(model): the lock did not verify")
                let lockLines = outcome.summaryLines(uid: uid) ?? []
                #expect(!lockLines.isEmpty, "\(model): the lock reported no lines")
                lines += lockLines
            } catch let refusal as Type4LockRefusal {
                #expect(model == .genericType4, "\(model): \(refusal.sentence)")
                lines.append(refusal.sentence)
            }
        }
        #expect(lines.count > 10)
        for line in lines where Self.speaksCLI(line) { Issue.record("\(model): \(line)") }
    }
}
