#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagCatalog
    import TagEmulator
    import Testing

    @testable import ViewModels

    /// The phone's Scan screen on a MIFARE DESFire EV3: iOS delivers it as `NFCMiFareTag` of
    /// family `.desfire` (no system SELECT), and the Type 4 driver shows what the desk's `info`
    /// shows: the chip by GetVersion, its applications and free memory, and whether it holds
    /// AN11004's NDEF application.
    @MainActor
    @Suite struct DESFirePhoneTests {
        static func scan(_ chip: EmulatedType4Tag) async throws -> TagInfo {
            let system = NFCStandInSystem()
            let service = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)
            let scan = ScanViewModel(service: service, store: nil, clock: { fixedNow })
            system.script([.present([StandInTag(isoDep: chip, uid: chip.uid, family: .desfire)])])
            await NFCStandInSystem.run(system) { await scan.scan() }
            return try #require(scan.state.outcome, "\(scan.state)")
        }

        @Test func aBlankCardIsNamedWithItsApplicationsAndNotFormatted() async throws {
            let info = try await Self.scan(EmulatedType4Tag(model: .desfireEV3_4K, uid: sampleUID))
            #expect(info.field("Chip")?.hasPrefix("MIFARE DESFire EV3 (4 KB) (by GetVersion: NXP") == true)
            #expect(info.field("Tag type") == "NFC Forum Type 4 (ISO 14443-A, MIFARE DESFire)")
            #expect(info.field("Applications") == "none")
            #expect(info.field("Free memory") == "4096 bytes (reported by GetFreeMemory)")
            #expect(
                info.field("NDEF status")?.hasPrefix("Not NDEF-formatted: the card has no NDEF application") == true)
            #expect(info.contentSummary == "Nothing to read: the card has no NDEF application yet; format creates it.")
        }

        @Test func aFormattedCardShowsItsNDEFApplicationAndFiles() async throws {
            let facts = try #require(TagModel.desfireEV3_4K.type4?.desfire)
            let chip = try EmulatedType4Tag(
                model: .desfireEV3_4K, uid: sampleUID, picc: DESFirePICC.factory.withNDEFApplication(facts))
            let info = try await Self.scan(chip)
            #expect(info.field("Applications") == "000001 (NDEF, AN11004 mapping v2)")
            #expect(info.field("Capacity") == "2046 bytes (reported by the tag's CC file: max size 2048 − 2-byte NLEN)")
            #expect(info.field("File 2")?.hasPrefix("2048 bytes, plain communication") == true)
            #expect(
                info.field("Signature")?.hasPrefix(
                    "Not read: TapCard checks the originality signature of NTAG 424 DNA only") == true)
        }
    }
#endif
