import NDEF
import TagCatalog
import Testing

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
        #expect(
            fields.first { $0.label == "Tag type" }?.value.hasPrefix("NFC Forum Type \(report.facts.forumType) (")
                == true)
        #expect(report.detail.contentSummary != nil)
        #expect(report.detail.originality(uid: report.facts.uid ?? []) != nil)
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
}
