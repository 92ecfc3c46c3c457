import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

/// The mapping's AN11004 format plan (`DESFireFormatPlan`, module Type4) run on the emulated
/// DESFire EV3: the two were written apart, so a card the plan formats and a Type 4 reader then
/// reads proves they agree. Then tears at every command of the format.
@Suite struct DESFireFormatTests {
    /// After the plan (NDEF file of 256 bytes), a Type 4 reader selects the DF name, reads the CC
    /// from E103 and NLEN 0 from E104, writes a message with UPDATE BINARY and reads it back.
    @Test func planMakesAType4Card() async throws {
        let tag = DESFireCards.factory()
        let plan = try DESFireFormatPlan.make(ndefFileSize: 256).get()
        try await DESFireCards.format(tag, plan: plan)
        let view = try #require(try await DESFireCards.ndefView(tag))
        #expect(view.cc == (try DESFireNDEFApplication.capabilityContainer(ndefFileSize: 256).get()))
        #expect(view.nlen == [0x00, 0x00])
        #expect(tag.isApplicationSelected)
        // NLEN 3 and an empty record (D0 00 00), through UPDATE BINARY.
        #expect(try await tag.exchange("00D60000050003D00000") == bytes("9000"))
        #expect(try await tag.exchange("00B0000005") == bytes("0003D00000 9000"))
        // The CC file is write key 0: a reader without a session cannot change it.
        #expect(try await tag.exchange("00A4000C02E103") == bytes("9000"))
        #expect(try await tag.exchange("00D6000001FF") == bytes("6982"))
        // Native view of the same card: application 000001, files 01 and 02.
        #expect(try await tag.exchange("905A00000300000000") == bytes("9100"))
        #expect(try await tag.exchange("906A000000") == bytes("010000 9100"))
        #expect(try await tag.exchange("905A00000301000000") == bytes("9100"))
        #expect(try await tag.exchange("906F000000") == bytes("0102 9100"))
        #expect(try await tag.exchange("90F500000102 00") == bytes("0000E0EE000100 9100"))
    }

    /// SELECT by FID reaches the tree too: E110 (the application's DF FID) selects the NDEF
    /// application, 3F00 the PICC level, where E103 is no longer found; an unknown DF name keeps
    /// the selection.
    @Test func selectByFileIdentifier() async throws {
        let facts = try #require(DESFireCards.facts)
        let tag = try EmulatedType4Tag(
            model: .desfireEV3_4K, uid: DESFireCards.uid, picc: DESFirePICC.factory.withNDEFApplication(facts))
        #expect(try await tag.exchange("00A4000C02E110") == bytes("9000"))
        #expect(tag.selectedApplication == 1 && tag.isApplicationSelected)
        #expect(try await tag.exchange("00A4040007D276000085010000") == bytes("6A82"))
        #expect(try await tag.exchange("00A4000C02E103") == bytes("9000"))
        #expect(try await tag.exchange("00B0000002") == bytes("000F 9000"))
        #expect(try await tag.exchange("00A4000C023F00") == bytes("9000"))
        #expect(tag.selectedApplication == nil)
        #expect(try await tag.exchange("00A4000C02E103") == bytes("6A82"))
        #expect(try await tag.exchange("00B0000002") == bytes("6986"))
    }

    /// The emulator's own AN11004 card (`withNDEFApplication`, what `tapcard sim new` makes) is
    /// exactly the card the mapping's plan makes, byte for byte.
    @Test func simFormattedCardIsThePlansCard() async throws {
        let facts = try #require(DESFireCards.facts)
        let tag = DESFireCards.factory()
        try await DESFireCards.format(
            tag, plan: try DESFireFormatPlan.make(ndefFileSize: facts.formattedNDEFFileBytes).get())
        #expect(tag.picc == DESFirePICC.factory.withNDEFApplication(facts))
        let made = try VirtualTag.factoryFresh(.desfireEV3_4K, identifier: DESFireCards.uid, blank: false)
        guard case .type4(let sim) = made else {
            Issue.record("not a Type 4 tag")
            return
        }
        #expect(sim.picc == tag.picc)
    }

    /// A tear at every command of the format, in every mode, then a new RF session: the card is
    /// either no NDEF card at all (no application, or no E104) or an NDEF card whose CC is whole
    /// and right with NLEN 0. Never a CC that names a file with a torn CC, never a card the
    /// emulator itself finds inconsistent; and the plan made from what the card then holds
    /// finishes the format.
    @Test(arguments: TearMode.allCases)
    func tearAtEveryCommand(mode: TearMode) async throws {
        let plan = try DESFireFormatPlan.make(ndefFileSize: 256).get()
        let cc = try DESFireNDEFApplication.capabilityContainer(ndefFileSize: 256).get()
        let facts = try #require(DESFireCards.facts)
        // The untorn flow's length: every command, authentications included.
        let whole = DESFireCards.factory()
        try await DESFireCards.format(whole, plan: plan)
        let commands = whole.commandLog.count
        #expect(commands == 8)
        var ndefCards = 0
        for index in 0..<commands {
            let tag = DESFireCards.factory()
            tag.tearAfter(commands: index, mode: mode)
            await #expect(throws: (any Error).self) { try await DESFireCards.format(tag, plan: plan) }
            tag.present()
            let picc = try #require(tag.picc)
            #expect(picc.problem(facts) == nil)
            if let view = try await DESFireCards.ndefView(tag) {
                ndefCards += 1
                #expect(view.cc == cc, "tear at \(index), \(mode)")
                #expect(view.nlen == [0x00, 0x00], "tear at \(index), \(mode)")
            } else {
                // No NDEF card: the NDEF file does not exist.
                #expect(picc.application(1)?.files.contains { $0.number == 2 } != true, "tear at \(index), \(mode)")
            }
            // A rerun planned from what the card holds finishes the format.
            let rest = try DESFireFormatPlan.make(ndefFileSize: 256, state: DESFireCards.state(tag)).get()
            try await DESFireCards.format(tag, plan: rest)
            #expect(DESFireCards.state(tag).isComplete, "tear at \(index), \(mode)")
            let view = try await DESFireCards.ndefView(tag)
            #expect(view?.cc == cc, "rerun after a tear at \(index), \(mode)")
        }
        // Only tears at the last two commands (create E104, clear NLEN) can leave an NDEF card,
        // and only when the create was carried out.
        #expect(ndefCards == [.notDelivered: 1, .replyLost: 2, .corruptedWrite: 1][mode])
    }
}
