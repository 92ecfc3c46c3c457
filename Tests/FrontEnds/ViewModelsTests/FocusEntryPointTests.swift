#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import Focus
    import Foundation
    import TagEmulator
    import TapCardSupport
    import Testing

    @testable import ViewModels

    /// Pairing and tapping through the phone path (the CoreNFC stand-in over emulated chips), from
    /// every entry point: only the paired tag starts a session; nothing but the paired tag (on the
    /// Focus screen), the planned end or the emergency exit ends one — not a stranger's tag, not a
    /// tag with the paired UID whose signature no longer verifies, not a Shortcut or a link.
    @MainActor
    @Suite("Focus entry points")
    struct FocusEntryPointTests {
        /// A published NTAG21x originality vector: this UID with this signature verifies.
        static let genuineUID: [UInt8] = [0x04, 0xE1, 0x0C, 0xDA, 0x99, 0x3C, 0x80]
        static let genuineSignature = "8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3"

        /// The phone, the genuine paired tag on the bench, a stranger's tag, and a clone.
        @MainActor
        final class Phone {
            let bench = Bench(uid: FocusEntryPointTests.genuineUID)
            let shield = StandInShield()
            let app: TapCardAppModel
            let focusTap: FocusTapViewModel
            let stranger = EmulatedTag(model: .ntag213, uid: [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x80])
            /// Same UID and chip as the paired tag; a clone cannot carry NXP's signature (zeros).
            let clone = EmulatedTag(model: .ntag213, uid: FocusEntryPointTests.genuineUID)
            var now = fixedNow

            init() throws {
                let box = Clock()
                clock = box
                bench.chip.signature = try Hex.decode(FocusEntryPointTests.genuineSignature)
                let shieldModel = FocusShieldViewModel(shield: shield, record: ShieldRecord(selection: .social))
                app = TapCardAppModel(
                    service: bench.service, store: try temporaryStore(), clock: { box.now }, shield: shieldModel)
                focusTap = try #require(app.focusTap)
            }

            final class Clock: @unchecked Sendable { var now = fixedNow }
            let clock: Clock

            func hold(_ chip: EmulatedTag) {
                chip.present()
                bench.system.script([
                    .present([
                        StandInTag(
                            transport: chip, uid: chip.uid, dynamicLockPage: chip.model.type2Layout?.dynamicLockPage)
                    ])
                ])
            }

            /// Holds `chip` up and taps from `entry`. With `reads: false` the tap is expected to be
            /// refused before any NFC sheet opens (the chip is not scripted, and no sheet may show).
            func tap(_ chip: EmulatedTag, from entry: FocusEntryPoint, reads: Bool = true) async {
                if reads { hold(chip) }
                let sheets = bench.system.alertMessages.count
                await bench.run { await focusTap.tap(from: entry) }
                if !reads { #expect(bench.system.alertMessages.count == sheets, "an NFC sheet opened for \(entry)") }
            }

            func pair() async {
                bench.holdTag()
                await bench.run { await focusTap.pair(label: "desk", location: "kitchen drawer") }
            }

            var focusing: Bool { focusTap.focus.isFocusing }
        }

        @Test("Pairing through the phone records the verified signature; a tap starts and shields")
        func pairAndStart() async throws {
            let phone = try Phone()
            await phone.pair()
            #expect(phone.focusTap.focus.errorMessage == nil)
            #expect(phone.focusTap.focus.pairedTags.map(\.signature) == [.valid])
            await phone.tap(phone.bench.chip, from: .app)
            #expect(phone.focusing)
            #expect(phone.shield.shielded == .social)
        }

        @Test("A stranger's tag starts nothing, from any entry point", arguments: FocusEntryPoint.allCases)
        func strangerStartsNothing(entry: FocusEntryPoint) async throws {
            let phone = try Phone()
            await phone.pair()
            await phone.tap(phone.stranger, from: entry)
            #expect(!phone.focusing)
            #expect(phone.focusTap.focus.errorMessage?.hasPrefix("This isn't your focus tag") == true)
            #expect(phone.shield.calls.isEmpty)
        }

        @Test("A clone of the paired tag (same UID and chip, no valid signature) neither starts nor ends a session")
        func cloneRefused() async throws {
            let phone = try Phone()
            await phone.pair()
            await phone.tap(phone.clone, from: .app)
            #expect(!phone.focusing)
            #expect(phone.focusTap.focus.errorMessage?.contains("it looks like a clone") == true)
            await phone.tap(phone.bench.chip, from: .app)
            #expect(phone.focusing)
            phone.clock.now += 600
            await phone.tap(phone.clone, from: .app)
            #expect(phone.focusing)
            #expect(phone.shield.isShielding)
            #expect(
                phone.focusTap.focus.errorMessage?.hasSuffix(
                    "Your focus session keeps running (since 2027-01-15 08:00:00 UTC).") == true)
        }

        /// The bypass users of other apps report: a session started from a widget or a Shortcut
        /// ended by any tag. Each entry point starts the session; then every other tag, through
        /// every entry point, leaves it running with the shields up; the paired tag on the Focus
        /// screen ends it and lifts them.
        @Test("A session started from anywhere ends only by the paired tag", arguments: FocusEntryPoint.allCases)
        func noAnyTagEnding(start: FocusEntryPoint) async throws {
            let phone = try Phone()
            await phone.pair()
            await phone.tap(phone.bench.chip, from: start)
            #expect(phone.focusing)
            #expect(phone.shield.isShielding)
            phone.clock.now += 600
            for entry in FocusEntryPoint.allCases {
                for tag in [phone.stranger, phone.clone] {
                    await phone.tap(tag, from: entry, reads: entry.mayEnd)
                    #expect(phone.focusing, "\(entry) with \(tag.uid) ended a session started from \(start)")
                    #expect(phone.shield.isShielding)
                    #expect(phone.focusTap.focus.errorMessage != nil)
                }
            }
            // A Shortcut or a link cannot end it even with the paired tag: they only start sessions.
            for entry in FocusEntryPoint.allCases where !entry.mayEnd {
                await phone.tap(phone.bench.chip, from: entry, reads: false)
                #expect(phone.focusing)
                #expect(phone.focusTap.focus.errorMessage?.contains("can only start one") == true)
            }
            await phone.tap(phone.bench.chip, from: .app)
            #expect(!phone.focusing)
            #expect(!phone.shield.isShielding)
            #expect(
                phone.focusTap.focus.history.first?.ending == .tag(TagIdentity(uid: Self.genuineUID, chip: "ntag213")))
        }

        @Test("tapcard://focus/start goes through the same tap; other links are not focus")
        func linkStartsThroughTheTap() async throws {
            let phone = try Phone()
            await phone.pair()
            phone.bench.holdTag()
            var route: AppLinkRoute?
            await phone.bench.run { route = await phone.app.open(URL(string: "tapcard://focus/start")!) }
            #expect(route == .startFocus)
            #expect(phone.focusing)
            #expect(phone.shield.isShielding)
            #expect(AppLinkRoute(URL(string: "tapcard://focus/stop")!) == nil)
            #expect(AppLinkRoute(URL(string: "tapcard://focus/start/now")!) == nil)
            #expect(AppLinkRoute(URL(string: "https://card.example/ada")!) == .page("https://card.example/ada"))
            #expect(AppLinkRoute(URL(string: "http://card.example/ada")!) == nil)
        }

        @Test("Signature ranking: what a pairing accepts")
        func signatureRanking() {
            let check = FocusTapViewModel.signature(_:isNoWorseThan:)
            #expect(check(.valid, .valid))
            #expect(!check(.invalid, .valid))
            #expect(!check(.unsupported, .valid))
            #expect(!check(.notChecked, .valid))
            #expect(check(.unsupported, .unsupported))
            #expect(!check(.invalid, .unsupported))
            #expect(check(.invalid, .invalid))
            #expect(check(.invalid, .notChecked))
        }
    }
#endif
