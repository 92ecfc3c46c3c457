#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import Focus
    import TagCatalog
    import Testing

    @testable import ViewModels

    @MainActor
    @Suite struct TapCardAppModelTests {
        @Test func aScanFeedsMyCardLockAndTheInventory() async throws {
            let bench = Bench(model: .ntag215)
            let app = TapCardAppModel(service: bench.service, store: try temporaryStore(), clock: { fixedNow })
            app.card.profile = MyCardViewModelTests.ada
            #expect(app.card.verdict.contains("assuming"))
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            // NTAG215: CC data area 0x3E × 8 = 496 bytes, minus the 4-byte long-form TLV header.
            #expect(app.card.capacity == .reported(492, model: .ntag215))
            #expect(app.card.capacity.bytes == TagModel.ntag215.assumedCapacity.bytes)
            #expect(app.card.verdict.contains("this tag reports"))
            #expect(app.lock.requiredPhrase == "LOCK E580")
            #expect(app.tags?.rows.count == 1)
        }

        @Test func aSessionThatIsNotEntitledDisablesNFCWithItsReason() async throws {
            let bench = Bench()
            let app = TapCardAppModel(service: bench.service, store: nil)
            #expect(app.focus == nil)
            let unentitled = NFCStandInSystem(readerSessionFormats: [])
            await NFCStandInSystem.run(unentitled) { await app.scan.scan() }
            #expect(app.scan.state == .failed(NFCSessionError.notEntitled.sentence))
            await NFCStandInSystem.run(unentitled) {
                #expect(!app.availability.canUseNFC)
                #expect(app.availability.explanation == NFCSessionError.notEntitled.sentence)
            }
        }

        @Test func focusPairsAndTapsThroughTheReader() async throws {
            let bench = Bench()
            let app = TapCardAppModel(service: bench.service, store: try temporaryStore(), clock: { fixedNow })
            let focusTap = try #require(app.focusTap)
            bench.holdTag()
            await bench.run { await focusTap.pair(label: "desk", location: "kitchen drawer") }
            #expect(focusTap.state == .done(TagIdentity(uid: sampleUID, chip: "ntag213")))
            #expect(focusTap.focus.errorMessage == nil)
            #expect(focusTap.focus.pairedTags.count == 1)
            bench.holdTag()
            await bench.run { await focusTap.tap() }
            #expect(focusTap.focus.errorMessage == nil)
            #expect(focusTap.focus.isFocusing)
        }
    }
#endif
