#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import Testing
    import Type2

    @testable import ViewModels

    /// Password-protected tags on the phone, through the view models and the CoreNFC stand-in:
    /// PWD_AUTH then raw page commands in one session, a refused password reported as such
    /// (iOS's error 100) and never retried, and the screens asking for the password only when
    /// the tag needs it.
    @MainActor
    @Suite struct ProtectedTagTests {
        static let password = "1a2b3c4d"
        static let pack = "5e6f"

        /// Protects the bench's chip directly (as another tool would have), writes from page 4 on.
        static func protect(_ bench: Bench, attempts: Int? = nil, readsToo: Bool = false) async throws {
            _ = try await Type2Tag(transport: bench.chip).protect(
                ProtectionRequest(
                    password: try Type2Password.parse(password), acknowledge: try PasswordAcknowledge.parse(pack),
                    protectsReads: readsToo, attempts: attempts))
            bench.chip.clearLog()
        }

        static func app(_ bench: Bench) -> TapCardAppModel {
            TapCardAppModel(
                service: bench.service, store: nil,
                card: MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url))
        }

        /// Presents the chip for one session and returns the tag iOS saw, to read its error codes.
        static func hold(_ bench: Bench) -> StandInTag {
            let tag = bench.presented()
            bench.system.script([.present([tag])])
            return tag
        }

        static func frames(_ bench: Bench, _ code: UInt8) -> Int {
            bench.chip.commandLog.filter { $0.command.first == code }.count
        }

        // MARK: The whole round trip

        @Test func protectWriteWithThePasswordReadBackAndUnprotect() async throws {
            let bench = Bench()
            let app = Self.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.scan.state.outcome?.field("Password")?.hasPrefix("AUTH0 255: no page needs a password") == true)
            #expect(!app.protect.tagIsProtected)
            #expect(!app.write.usesPassword)

            // Protect: the bytes it will send and the clear-text warning are shown before the tap.
            app.protect.newPassword = PasswordEntry(passwordText: Self.password, packText: Self.pack)
            #expect(
                app.protect.newPassword.bytesLine
                    == "PWD_AUTH will send the 4 bytes 1a 2b 3c 4d; the tag must answer PACK 5e 6f.")
            #expect(app.protect.plan.contains(PasswordEntry.clearTextNote))
            #expect(
                app.protect.plan.contains("Pages from 4 on will need the password to be written; reading stays free."))
            bench.holdTag()
            await bench.run { await app.protect.protect() }
            let outcome = try #require(app.protect.state.outcome)
            #expect(outcome.title == "Protected.")
            #expect(
                outcome.lines.first == "AUTH0 4: pages 4–44 need the password to be written; reads stay free (PROT 0).")
            #expect(outcome.lines.contains("Password: 1a 2b 3c 4d (hex 1a2b3c4d); the tag answers PACK 5e 6f."))
            #expect(outcome.undo?.contains("\"Remove protection\" with the current password 1a2b3c4d") == true)
            // NTAG213: AUTH0 is CFG0 (page 41) byte 3; PWD is page 43.
            #expect(bench.chip.memory[41 * 4 + 3] == 4)
            #expect(Array(bench.chip.memory[43 * 4..<44 * 4]) == [0x1A, 0x2B, 0x3C, 0x4D])
            // Write now asks for the password, and will not start without it.
            #expect(app.write.usesPassword)
            #expect(app.write.passwordReason?.contains("pages 4–44") == true)
            #expect(app.write.blocker == "Enter the tag's password: 8 hex digits (4 bytes), e.g. 1a2b3c4d.")
            #expect(!app.write.canWrite)

            // Write with the password: PWD_AUTH first, then raw WRITEs, in one session; no writeNDEF.
            app.write.password = PasswordEntry(passwordText: "1A 2B 3C 4D", packText: Self.pack)
            #expect(app.write.canWrite)
            bench.chip.clearLog()
            let tag = Self.hold(bench)
            await bench.run { await app.write.write() }
            let report = try #require(app.write.state.outcome, "\(app.write.state)")
            #expect(report.lines.first == "Wrote 16 bytes to tag 04:A1:B2:C3:D4:E5:80.")
            #expect(report.lines.contains("Read back in the same session: identical."))
            #expect(
                report.lines.last?.hasPrefix("The tag accepted the password first (it answered PACK 5e 6f)") == true)
            let codes = bench.chip.commandLog.map { $0.command.first ?? 0 }
            #expect(Array(codes.prefix(2)) == [0x60, 0x1B])
            #expect(codes.firstIndex(of: 0xA2).map { $0 > 1 } == true)
            #expect(tag.errorsReported.isEmpty)
            #expect(bench.system.transcript.filter { if case .sheetShown = $0 { true } else { false } }.count == 3)

            // Read back (reads stay free): the card, and the protection in words.
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            let info = try #require(app.scan.state.outcome)
            #expect(info.records.count == 1)
            #expect(
                info.reading.content
                    == .records(
                        app.card.message?.records.map {
                            NDEFRecordFields(tnf: $0.tnf.rawValue, type: $0.type, id: $0.id, payload: $0.payload)
                        } ?? []))
            #expect(info.field("Password")?.hasPrefix("AUTH0 4: pages 4–44 need the password to be written") == true)
            #expect(app.protect.tagIsProtected)
            #expect(app.write.usesPassword)

            // Remove protection with the current password; Write stops asking.
            #expect(
                app.protect.removeBlocker
                    == "The tag already has a password: enter the tag's password: 8 hex digits (4 bytes), e.g. 1a2b3c4d."
            )
            app.protect.current = PasswordEntry(passwordText: Self.password, packText: Self.pack)
            bench.holdTag()
            await bench.run { await app.protect.unprotect() }
            let removed = try #require(app.protect.state.outcome, "\(app.protect.state)")
            #expect(removed.title == "Protection removed: no page needs a password.")
            #expect(removed.undo == nil)
            #expect(bench.chip.memory[41 * 4 + 3] == 0xFF)
            #expect(!app.protect.tagIsProtected)
            #expect(!app.write.usesPassword)
            #expect(app.protect.current == PasswordEntry())
            // And iOS's own write works again.
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome?.passwordAcknowledge == nil)
            #expect(app.write.state.outcome != nil)
        }

        // MARK: Refusals

        @Test func aWrongPasswordIsTheWrongPasswordSentenceAndIsNotRetried() async throws {
            let bench = Bench()
            try await Self.protect(bench)
            let before = bench.chip.memory
            let app = Self.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.write.usesPassword)
            app.write.password = PasswordEntry(passwordText: "deadbeef")
            let tag = Self.hold(bench)
            await bench.run { await app.write.write() }
            let wrong = try Type2Password.parse("deadbeef")
            #expect(
                app.write.state
                    == .failed(PasswordError.rejected(password: wrong, authlim: nil, attemptLimit: nil).sentence))
            #expect(app.write.state.failure?.hasPrefix("The tag did not accept the password given") == true)
            #expect(app.write.passwordNote == PasswordEntry.phoneRefusalNote)
            // The stand-in raised iOS's error 100 for the NAK, and that was the last frame.
            #expect(tag.errorsReported.first == .readerTransceiveErrorTagConnectionLost)
            #expect(bench.chip.commandLog.last?.outcome == .nak(0x0))
            #expect(Self.frames(bench, 0x1B) == 1)
            #expect(Self.frames(bench, 0xA2) == 0)
            #expect(bench.chip.memory == before)
            // Not the session's "tag moved away": no scan suggested, and availability unharmed.
            #expect(!app.write.suggestsScan)
            #expect(app.availability.canUseNFC)
            // Nothing retries on its own; the typed text stays for the user to correct.
            #expect(app.write.password.passwordText == "deadbeef")
            #expect(Self.frames(bench, 0x1B) == 1)
            app.write.password = PasswordEntry(passwordText: Self.password)
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome != nil, "\(app.write.state)")
            #expect(Self.frames(bench, 0x1B) == 2)
        }

        @Test func aPACKMismatchStopsBeforeAnythingIsWritten() async throws {
            let bench = Bench()
            try await Self.protect(bench)
            let before = bench.chip.memory
            let app = Self.app(bench)
            app.write.passwordNeeded("test")
            app.write.password = PasswordEntry(passwordText: Self.password, packText: "0000")
            bench.holdTag()
            await bench.run { await app.write.write() }
            let expected = PasswordError.acknowledgeMismatch(
                expected: try PasswordAcknowledge.parse("0000"), received: try PasswordAcknowledge.parse(Self.pack))
            #expect(app.write.state == .failed(expected.sentence))
            #expect(app.write.state.failure?.contains("counterfeit") == true)
            #expect(Self.frames(bench, 0xA2) == 0)
            #expect(bench.chip.memory == before)
        }

        @Test func aTagWhoseAttemptsAreUsedUpRefusesEvenTheRightPasswordAndTheScreenSaysSo() async throws {
            let bench = Bench()
            try await Self.protect(bench, attempts: 1)
            let app = Self.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            // The scan shows the limit before anyone types a password.
            #expect(
                app.scan.state.outcome?.field("Password")?.contains(
                    "AUTHLIM 1: the tag locks itself for good after 1 wrong password") == true)
            bench.chip.failedAuthentications = 1
            let before = bench.chip.memory
            app.write.password = PasswordEntry(passwordText: Self.password, packText: Self.pack)
            let tag = Self.hold(bench)
            await bench.run { await app.write.write() }
            // The chip NAKs 4h; iOS says 100 either way, so the phone cannot tell the two apart.
            #expect(bench.chip.commandLog.last?.outcome == .nak(0x4))
            #expect(tag.errorsReported.first == .readerTransceiveErrorTagConnectionLost)
            #expect(app.write.state.failure?.hasPrefix("The tag did not accept the password given") == true)
            #expect(app.write.passwordNote?.contains("attempt limit is used up") == true)
            #expect(Self.frames(bench, 0x1B) == 1)
            #expect(bench.chip.memory == before)
        }

        // MARK: Lock

        @Test func lockingAProtectedTagAsksForThePasswordAndNeverHalfLocks() async throws {
            let bench = Bench()
            try await Self.protect(bench)
            let before = bench.chip.memory
            let app = Self.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            let lock = app.lock
            #expect(lock.usesPassword)
            #expect(lock.passwordReason?.contains("password-protected from page 4") == true)
            lock.typedConfirmation = "LOCK E580"
            #expect(lock.isConfirmed)
            #expect(!lock.canLock)
            #expect(lock.passwordProblem == "Enter the tag's password: 8 hex digits (4 bytes), e.g. 1a2b3c4d.")
            // Switched off anyway: TapCard's lock refuses before the one-time-programmable CC.
            lock.usesPassword = false
            #expect(lock.canLock)
            bench.holdTag()
            await bench.run { await lock.lock() }
            #expect(
                lock.state.failure?.hasPrefix(
                    "This tag is password-protected and this operation must write pages it protects: AUTH0 is 4")
                    == true)
            #expect(
                lock.state.failure?.hasSuffix("Enter the tag's password and try again; nothing was written.") == true)
            #expect(lock.usesPassword)
            #expect(Self.frames(bench, 0xA2) == 0)
            #expect(bench.chip.memory == before)
            // With the password: locked, CFGLCK included.
            lock.password = PasswordEntry(passwordText: Self.password)
            lock.typedConfirmation = "LOCK E580"
            bench.holdTag()
            await bench.run { await lock.lock() }
            #expect(lock.state == .done(LockReceipt(uid: sampleUID, accessAfter: .readOnly)))
            #expect(bench.chip.memory[15] == 0x0F)
            #expect(bench.chip.memory[42 * 4] & 0x40 == 0x40)
            #expect(Array(Self.codesAfterVersion(bench).prefix(1)) == [0x1B])
        }

        static func codesAfterVersion(_ bench: Bench) -> [UInt8] {
            let codes = bench.chip.commandLog.map { $0.command.first ?? 0 }
            guard let last = codes.lastIndex(of: 0x60) else { return [] }
            return Array(codes[(last + 1)...])
        }

        // MARK: Protect screen

        @Test func thePasswordIsEightHexDigitsAndTheScreenSaysWhatItWillSend() {
            let bench = Bench()
            let protect = ProtectViewModel(service: bench.service)
            #expect(protect.protectBlocker == "Enter the tag's password: 8 hex digits (4 bytes), e.g. 1a2b3c4d.")
            protect.newPassword.passwordText = "1a2b3c"
            #expect(protect.protectBlocker?.contains("4 bytes (8 hex digits") == true)
            protect.newPassword.passwordText = "1a2b3c4g"
            #expect(protect.protectBlocker?.hasPrefix("A password is given as hex digits.") == true)
            protect.newPassword.passwordText = "1a2b3c4d"
            protect.newPassword.packText = "5e"
            #expect(protect.protectBlocker?.hasPrefix("A PACK is 2 bytes") == true)
            protect.newPassword.packText = ""
            #expect(protect.canProtect)
            #expect(
                protect.plan.first
                    == "The new password is the 4 bytes 1a 2b 3c 4d; the tag will answer it with PACK 00 00.")
            protect.attemptsText = "0"
            #expect(protect.protectBlocker?.hasPrefix("The attempt limit is a number of wrong passwords") == true)
            protect.attemptsText = "3"
            protect.protectsReads = true
            protect.firstPageText = "16"
            #expect(
                protect.plan.contains(
                    "After 3 wrong passwords the tag locks its protected pages for good: never guess."))
            #expect(
                protect.plan.contains {
                    $0.hasPrefix("Pages from 16 on will need the password to be written, and to be read")
                })
            protect.firstPageText = "four"
            #expect(protect.protectBlocker?.hasPrefix("The first protected page is a page number") == true)
            #expect(protect.removeBlocker?.contains("The tag already has a password") == true)
        }

        @Test func changingThePasswordNeedsTheCurrentOne() async throws {
            let bench = Bench()
            try await Self.protect(bench)
            let before = bench.chip.memory
            let protect = ProtectViewModel(service: bench.service)
            protect.newPassword = PasswordEntry(passwordText: "99887766")
            // The screen did not know: the tag refuses, nothing is written, and it asks for the current one.
            bench.holdTag()
            await bench.run { await protect.protect() }
            #expect(
                protect.state.failure?.contains("needs its current password: enter it. Nothing was written.") == true)
            #expect(protect.tagIsProtected)
            #expect(!protect.canProtect)
            #expect(bench.chip.memory == before)
            protect.current = PasswordEntry(passwordText: Self.password, packText: Self.pack)
            bench.holdTag()
            await bench.run { await protect.protect() }
            let outcome = try #require(protect.state.outcome, "\(protect.state)")
            #expect(outcome.report.passwordVerified)
            #expect(Array(bench.chip.memory[43 * 4..<44 * 4]) == [0x99, 0x88, 0x77, 0x66])
            #expect(outcome.undo?.contains("99887766") == true)
        }

        @Test func anInterruptedChangeListsEveryStateTheTagMayBeIn() async throws {
            let bench = Bench()
            let protect = ProtectViewModel(service: bench.service)
            protect.newPassword = PasswordEntry(passwordText: Self.password)
            // Count the commands before the first write on a copy of the chip, then let the tag
            // leave the field right after the first protection write landed.
            let probe = EmulatedTag(model: .ntag213, uid: sampleUID)
            _ = try await Type2Tag(transport: probe).protect(
                ProtectionRequest(password: try Type2Password.parse(Self.password)))
            let firstWrite = try #require(probe.commandLog.firstIndex { $0.command.first == 0xA2 })
            let tag = bench.presented()
            tag.leaveField(afterCommands: firstWrite + 1)
            bench.system.script([.present([tag])])
            await bench.run { await protect.protect() }
            #expect(protect.state.failure?.contains("write 2 of") == true, "\(protect.state)")
            #expect(protect.state.failure?.contains("never protected by a password nobody knows") == true)
            #expect(!protect.interruptedStates.isEmpty)
            #expect(!protect.interruptedStates.contains("Protected by a password nobody knows."))
            #expect(protect.interruptedStates.contains("Unprotected: no page needs a password."))
        }

        @Test func readProtectionHidesTheMessageUntilItIsRemoved() async throws {
            let bench = Bench()
            let app = Self.app(bench)
            app.protect.newPassword = PasswordEntry(passwordText: Self.password)
            app.protect.protectsReads = true
            bench.holdTag()
            await bench.run { await app.protect.protect() }
            let outcome = try #require(app.protect.state.outcome, "\(app.protect.state)")
            #expect(outcome.undo?.contains("phones cannot read the message without it") == true)
            // iOS's own read now fails: the tag refuses its data area.
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.scan.state.failure != nil)
            app.protect.current = PasswordEntry(passwordText: Self.password)
            bench.holdTag()
            await bench.run { await app.protect.unprotect() }
            #expect(app.protect.state.outcome?.report.after.protectsReads == false, "\(app.protect.state)")
        }
    }
#endif
