#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import Testing
    import Type2

    @testable import ViewModels

    /// A protected NTAG213 read and erased on the phone with its password (PWD_AUTH through the
    /// MIFARE channel, then raw page commands, in one session), and refused without it with the
    /// tag left as it was.
    @MainActor
    @Suite struct ProtectedReadEraseTests {
        static let message = NDEFMessage(records: [NDEFRecord.uri("https://example.com/kept")])

        /// A tag holding ``message``, then protected from page 4 on (reads too with `readsToo`).
        static func protectedTag(readsToo: Bool) async throws -> Bench {
            let bench = Bench()
            _ = try await Type2Tag(transport: bench.chip).write(message)
            try await ProtectedTagTests.protect(bench, readsToo: readsToo)
            return bench
        }

        static func heldMessage(_ bench: Bench) async throws -> NDEFContent {
            let password = try Type2Password.parse(ProtectedTagTests.password)
            return try await Type2Tag(transport: bench.chip, password: password).read().content
        }

        @Test func aReadProtectedTagIsReadWithItsPasswordAndRefusedWithoutIt() async throws {
            let bench = try await Self.protectedTag(readsToo: true)
            let app = ProtectedTagTests.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.scan.state.outcome == nil, "without the password the pages stay hidden")
            app.scan.usesPassword = true
            app.scan.password = PasswordEntry(
                passwordText: ProtectedTagTests.password, packText: ProtectedTagTests.pack)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            let info = try #require(app.scan.state.outcome, "\(app.scan.state)")
            #expect(info.records.count == 1)
            if case .uri(let record)? = info.records.first?.view {
                #expect(record.uri == "https://example.com/kept")
            } else {
                Issue.record("expected the URI record, got \(String(describing: info.records.first?.view))")
            }
            #expect(info.tagKey.chip == "ntag213")
            #expect(ProtectedTagTests.frames(bench, 0x1B) == 1, "one PWD_AUTH, never retried")
        }

        @Test func aWrongPasswordReadIsRefusedAndNotRetried() async throws {
            let bench = try await Self.protectedTag(readsToo: true)
            let app = ProtectedTagTests.app(bench)
            app.scan.usesPassword = true
            app.scan.password = PasswordEntry(passwordText: "00000000")
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.scan.state.outcome == nil)
            #expect(app.scan.state.failure != nil)
            #expect(ProtectedTagTests.frames(bench, 0x1B) == 1)
        }

        @Test func eraseWithThePasswordEmptiesTheTagAndWithoutItChangesNothing() async throws {
            let bench = try await Self.protectedTag(readsToo: false)
            let app = ProtectedTagTests.app(bench)
            let before = bench.chip.memory
            bench.holdTag()
            await bench.run { await app.write.erase() }
            let refusal = try #require(app.write.state.failure, "\(app.write.state)")
            #expect(refusal.contains("password"), "\(refusal)")
            #expect(bench.chip.memory == before, "a refusal leaves the tag byte-identical")

            app.write.usesPassword = true
            app.write.password = PasswordEntry(
                passwordText: ProtectedTagTests.password, packText: ProtectedTagTests.pack)
            bench.holdTag()
            await bench.run { await app.write.erase() }
            let card = try #require(app.write.state.outcome, "\(app.write.state)")
            #expect(card.receipt.verified && card.receipt.messageBytes == 0)
            #expect(card.passwordAcknowledge != nil)
            #expect(try await Self.heldMessage(bench) == .empty)
        }
    }
#endif
