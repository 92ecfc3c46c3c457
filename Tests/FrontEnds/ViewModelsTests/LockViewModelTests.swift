#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagEmulator
    import Testing

    @testable import ViewModels

    @MainActor
    @Suite struct LockViewModelTests {
        static func scanned(_ bench: Bench) async -> TagInfo? {
            let scan = ScanViewModel(service: bench.service)
            bench.holdTag()
            await bench.run { await scan.scan() }
            return scan.state.outcome
        }

        @Test func locksOnlyAfterTheTypedConfirmationNamesTheTag() async {
            let bench = Bench()
            let model = LockViewModel(service: bench.service)
            #expect(model.blocker == "Scan the tag you want to lock first.")
            #expect(!model.canLock)
            model.select(await Self.scanned(bench))
            #expect(model.blocker == nil)
            #expect(model.requiredPhrase == "LOCK E580")
            model.typedConfirmation = "lock"
            #expect(!model.canLock)
            await model.lock()  // refused without a session
            #expect(model.state == .idle)
            model.typedConfirmation = "lock e580 "
            #expect(model.canLock)
            bench.holdTag()
            await bench.run { await model.lock() }
            #expect(model.state == .done(LockReceipt(uid: sampleUID, accessAfter: .readOnly)))
            #expect(bench.chip.memory[15] == 0x0F)
        }

        @Test func anotherTagIsRefusedAndLeftAlone() async {
            let bench = Bench()
            let model = LockViewModel(service: bench.service)
            model.select(await Self.scanned(bench))
            model.typedConfirmation = "LOCK E580"
            let stranger = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
            let before = stranger.memory
            bench.system.script([.present([StandInTag(transport: stranger, uid: stranger.uid, dynamicLockPage: 40)])])
            await bench.run { await model.lock() }
            #expect(model.state.failure?.contains("nothing was locked") == true)
            #expect(stranger.memory == before)
        }

        @Test func aReadOnlyTagIsNotOffered() async {
            let bench = Bench()
            bench.chip.makeReadOnly()
            let model = LockViewModel(service: bench.service)
            model.select(await Self.scanned(bench))
            #expect(model.blocker == "This tag is already read-only.")
            model.typedConfirmation = "LOCK E580"
            #expect(!model.canLock)
        }
    }
#endif
