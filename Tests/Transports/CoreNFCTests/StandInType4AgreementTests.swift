#if os(Linux)
    import CoreNFC
    import Foundation
    import TagCatalog
    import TagEmulator
    import Testing

    @testable import CoreNFCTransport

    /// The stand-in's "iOS" Type 4 NDEF (StandInType4, written from the reference) against
    /// TapCard's emulated Type 4 chips (built from TagCatalog's facts): two independent sides that
    /// must agree on a factory tag, a write and its read-back.
    @Suite struct StandInType4AgreementTests {
        let sessions = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)

        static func presented(_ model: TagModel) -> (EmulatedType4Tag, StandInISO7816Tag) {
            let chip = EmulatedType4Tag(model: model, uid: sampleUID)
            return (chip, StandInISO7816Tag(channel: chip, uid: sampleUID))
        }

        @Test(arguments: [TagModel.genericType4, .ntag424DNA])
        func aFactoryTagReadsEmptyWithTheCCsCapacity(model: TagModel) async throws {
            let (_, tag) = Self.presented(model)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            let fileSize = try #require(model.type4?.ndefFile?.size)
            #expect(reading.technology == .iso7816)
            #expect(tag.initialSelectedAID == "D2760000850101")
            #expect(reading.access == .readWrite)
            #expect(reading.reportedCapacity == NDEFCapacity.type4MaximumMessage(ndefFileBytes: fileSize))
            #expect(reading.content == .empty)
        }

        @Test(arguments: [TagModel.genericType4, .ntag424DNA])
        func aWriteThroughIOSReadsBackOnTheChip(model: TagModel) async throws {
            let (chip, tag) = Self.presented(model)
            let record = uriRecord(prefix: 0x04, "example.com/" + String(repeating: "t4t/", count: 40))
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let receipt = try await NFCStandInSystem.run(system) { try await sessions.write([record]) }
            #expect(receipt.verified)
            let file = try #require(chip.contents(ofFile: 0xE104))
            let length = Int(file[0]) << 8 | Int(file[1])
            #expect(length == receipt.messageBytes)
            let again = NFCStandInSystem()
            again.script([.present([StandInISO7816Tag(channel: chip, uid: sampleUID)])])
            let reading = try await NFCStandInSystem.run(again) { try await sessions.read() }
            #expect(reading.content == .records([record]))
        }
    }
#endif
