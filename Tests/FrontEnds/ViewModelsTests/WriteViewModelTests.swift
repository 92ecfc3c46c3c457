#if os(Linux)
    import Cards
    import Contacts
    import CoreNFCTransport
    import NDEF
    import Store
    import TagCatalog
    import Testing

    @testable import ViewModels

    @MainActor
    @Suite struct WriteViewModelTests {
        static func card(_ format: CardFormat = .url) -> MyCardViewModel {
            MyCardViewModel(profile: MyCardViewModelTests.ada, format: format)
        }

        @Test func oneTapWritesVerifiesAndReports() async throws {
            let bench = Bench()
            let store = try temporaryStore()
            let card = Self.card()
            let model = WriteViewModel(service: bench.service, card: card, store: store, clock: { fixedNow })
            #expect(model.summary.hasPrefix("URI record, 16 bytes. Fits: 16 of 137 bytes, assuming an NTAG213."))
            bench.holdTag()
            await bench.run { await model.write() }
            let report = try #require(model.state.outcome)
            #expect(
                report.lines == [
                    "Wrote 16 bytes to tag 04:A1:B2:C3:D4:E5:80.",
                    "The tag reports room for 137 bytes; 121 left.",
                    "Read back in the same session: identical.",
                ])
            // The card now speaks of what the tag reported.
            #expect(card.capacity.source == .reported)
            #expect(card.verdict == "Fits: 16 of 137 bytes this tag reports.")
            // One sheet did it all.
            #expect(bench.system.transcript.filter { if case .sheetShown = $0 { true } else { false } }.count == 1)
            // The write log names the tag the way a scan does.
            let writes = try store.writes(for: TagKey(uid: sampleUID, chip: "ntag213"))
            #expect(writes.count == 1)
            #expect(writes.first?.verified == true)
            #expect(writes.first?.message == card.message?.encoded())
        }

        @Test func tooBigIsRefusedBeforeWritingAndTheCardLearnsTheReportedFigure() async {
            let bench = Bench(model: .ntag210)  // 48-byte data area
            let card = Self.card(.vcard)
            let model = WriteViewModel(service: bench.service, card: card)
            bench.holdTag()
            await bench.run { await model.write() }
            let needed = card.message?.encoded().count ?? 0
            #expect(model.state == .failed(NFCSessionError.tooBig(needed: needed, capacity: 46).sentence))
            #expect(bench.writeCommands == 0)
            #expect(card.capacity == .reported(46))
            #expect(card.verdict.contains("this tag reports 46"))
        }

        @Test func tagLostMidWriteOffersAScan() async {
            let bench = Bench()
            let model = WriteViewModel(service: bench.service, card: Self.card())
            let tag = bench.presented()
            // Status (CC + 9 data pages), preflight read (CC + 9), then the first WRITE lands and the tag leaves.
            tag.leaveField(afterCommands: 21)
            bench.system.script([.present([tag])])
            await bench.run { await model.write() }
            #expect(model.state.failure?.contains("old message, the new one, or none") == true)
            #expect(model.suggestsScan)
            #expect(bench.writeCommands == 1)
        }

        @Test func cancelReturnsToIdleAndAnUnencodableCardStartsNoSession() async {
            let bench = Bench()
            let model = WriteViewModel(service: bench.service, card: Self.card())
            bench.system.script([.userCancels])
            await bench.run { await model.write() }
            #expect(model.state == .idle)
            let nameless = WriteViewModel(service: bench.service, card: MyCardViewModel(format: .vcard))
            await bench.run { await nameless.write() }
            #expect(nameless.state == .failed(CardError.noName.sentence))
            #expect(bench.system.transcript.filter { if case .sheetShown = $0 { true } else { false } }.count == 1)
        }
    }
#endif
