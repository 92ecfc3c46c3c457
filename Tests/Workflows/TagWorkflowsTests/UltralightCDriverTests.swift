import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type2

@testable import TagWorkflows

/// MIFARE Ultralight C through the Type 2 driver and the emulator: authenticate with the 3DES
/// key, read and write the guarded pages, protect, unprotect and change the key, refusals leave
/// the tag byte-identical, and a key change torn at every command never leaves the tag guarded by
/// a half-written key.
@Suite(.enabled(if: UltralightCTestSupport.desAvailable, "the platform's DES is not usable here"))
struct UltralightCDriverTests {
    static let uid: [UInt8] = [0x04, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36]
    static let newKey = Type2AuthenticationKey(bytes: Array(0x10..<0x20))!
    static let message = NDEFMessage(records: [.uri("https://example.com/ultralight-c")])

    static func driver(_ tag: EmulatedTag, key: Type2AuthenticationKey? = nil) -> Type2Tag<EmulatedTag> {
        Type2Tag(transport: tag, declaredModel: .ultralightC, key: key)
    }

    /// A tag holding `message`, then guarded from page 4, reads too, with the factory key.
    static func protectedTag() async throws -> EmulatedTag {
        let tag = EmulatedTag(model: .ultralightC, uid: uid)
        _ = try await driver(tag).write(message)
        let report = try await driver(tag, key: .ultralightCFactory).protectWithKey(firstPage: 4, protectsReads: true)
        #expect(report.after.protectedPages == 4...0x2F && report.after.protectsReads)
        tag.present()
        return tag
    }

    @Test("protected from page 4: without the key a read and a write fail and change nothing; with it both work")
    func readAndWriteWithTheKey() async throws {
        let tag = try await Self.protectedTag()
        let before = tag.memory
        // The read is refused from AUTH0 (page 4), named, not a raw NAK (the READ below AUTH0
        // rolls over at it, so AUTH0 is found by halving and wrapped pages are never kept).
        guard case .passwordProtected(4) = try await Self.driver(tag).read().content else {
            Issue.record("a read without the key should report the page the tag refused from")
            return
        }
        await #expect(throws: (any Error).self) {
            try await Self.driver(tag).write(NDEFMessage(records: [.uri("https://x.example")]))
        }
        #expect(tag.memory == before)
        tag.present()
        #expect(try await Self.driver(tag, key: .ultralightCFactory).read().content.message == Self.message)
        let other = NDEFMessage(records: [.text("guarded", language: "en")])
        _ = try await Self.driver(tag, key: .ultralightCFactory).write(other)
        tag.present()
        #expect(try await Self.driver(tag, key: .ultralightCFactory).read().content.message == other)
    }

    @Test(
        "reads guarded from page 6: READ 4 rolls over at AUTH0, yet the read reports page 6 and keeps no wrapped page")
    func readGuardFoundInsideARolledOverRead() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        let long = NDEFMessage(records: [.text(String(repeating: "y", count: 40), language: "en")])
        _ = try await Self.driver(tag).write(long)
        _ = try await Self.driver(tag, key: .ultralightCFactory).protectWithKey(firstPage: 6, protectsReads: true)
        tag.present()
        let driver = Self.driver(tag)
        guard case .passwordProtected(6) = try await driver.read().content else {
            Issue.record("expected the read to be refused from page 6")
            return
        }
        // Pages 4–5 as the tag holds them, and nothing past them (READ 4 answered 4, 5, 0, 1).
        #expect(driver.memory == Array(tag.memory[0..<24]))
    }

    @Test("writes guarded from page 6 (AUTH1 bit 0 set): a write reaching them is refused before anything is written")
    func writeGuardPreflight() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        _ = try await Self.driver(tag).write(Self.message)
        _ = try await Self.driver(tag, key: .ultralightCFactory).protectWithKey(firstPage: 6, protectsReads: false)
        tag.present()
        tag.clearLog()
        let before = tag.memory
        let long = NDEFMessage(records: [.text(String(repeating: "x", count: 40), language: "en")])
        do {
            _ = try await Self.driver(tag).write(long)
            Issue.record("a write over guarded pages was not refused")
        } catch let error as KeyProtectionError {
            guard case .keyRequiredForPages(let pages, let first, _) = error else {
                Issue.record("expected keyRequiredForPages, got \(error)")
                return
            }
            #expect(first == 6 && pages.first == 6 && pages.allSatisfy { $0 >= 6 })
            #expect(error.sentence.contains("--auth-key"))
        }
        #expect(tag.memory == before)
        #expect(Self.writesSent(tag) == 0)
        tag.present()
        _ = try await Self.driver(tag, key: .ultralightCFactory).write(long)
        tag.present()
        #expect(try await Self.driver(tag).read().content.message == long)
    }

    static func writesSent(_ tag: EmulatedTag) -> Int { tag.commandLog.filter { $0.command.first == 0xA2 }.count }

    @Test("a wrong key is the tag's refusal, NAK 0h, and nothing changes")
    func wrongKey() async throws {
        let tag = try await Self.protectedTag()
        let before = tag.memory
        await #expect(throws: UltralightCAuthError.keyRejected(answer: [0x00])) {
            try await Self.driver(tag, key: Self.newKey).read()
        }
        #expect(tag.memory == before)
    }

    @Test("a key for a chip that is not an Ultralight C is refused before anything is sent")
    func keyOnAnotherChip() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        await #expect(throws: Type2KeyError.noKeyOnChip(model: .ntag213)) {
            try await Type2Tag(transport: tag, key: .ultralightCFactory).read()
        }
    }

    @Test("unprotect needs the key, then sets AUTH0 30h")
    func unprotect() async throws {
        let tag = try await Self.protectedTag()
        let before = tag.memory
        await #expect(throws: KeyProtectionError.keyRequired(firstProtectedPage: nil)) {
            try await Self.driver(tag).unprotectWithKey()
        }
        #expect(tag.memory == before)
        tag.present()
        let report = try await Self.driver(tag, key: .ultralightCFactory).unprotectWithKey()
        #expect(!report.after.isProtected && tag.memory[0x2A * 4] == 0x30)
    }

    @Test("a key change writes the stored form, counts after a reset, and the old key is refused")
    func changeKey() async throws {
        let tag = try await Self.protectedTag()
        let report = try await Self.driver(tag, key: .ultralightCFactory).changeKey(to: Self.newKey)
        #expect(report.changedKey && report.after.auth0 == 4)
        #expect(Array(tag.memory[0x2C * 4..<0x30 * 4]) == UltralightCKey(Self.newKey).storedPages.flatMap { $0 })
        tag.present()
        #expect(try await Self.driver(tag, key: Self.newKey).read().content.message == Self.message)
        tag.present()
        await #expect(throws: UltralightCAuthError.keyRejected(answer: [0x00])) {
            try await Self.driver(tag, key: .ultralightCFactory).read()
        }
    }

    @Test("a key change torn at every command, in every mode: never guarded by a half-written key")
    func changeKeyAtEveryTear() async throws {
        let reference = try await Self.protectedTag()
        reference.clearLog()
        _ = try await Self.driver(reference, key: .ultralightCFactory).changeKey(to: Self.newKey)
        let commands = reference.commandLog.count
        let oldStored = Array(UltralightCKey.factory.storedPages.joined())
        let newStored = Array(UltralightCKey(Self.newKey).storedPages.joined())
        for index in 0..<commands {
            for mode in [TearMode.notDelivered, .replyLost, .corruptedWrite] {
                let tag = try await Self.protectedTag()
                tag.clearLog()
                tag.tearAfter(commands: index, mode: mode)
                await #expect(throws: (any Error).self) {
                    try await Self.driver(tag, key: .ultralightCFactory).changeKey(to: Self.newKey)
                }
                let auth0 = tag.memory[0x2A * 4]
                let stored = Array(tag.memory[0x2C * 4..<0x30 * 4])
                if auth0 <= 0x2F {
                    #expect(
                        stored == oldStored || stored == newStored, "tear at \(index), \(mode): guarded by a mixed key")
                }
            }
        }
    }
}

enum UltralightCTestSupport {
    static var desAvailable: Bool {
        (try? UltralightCAuthentication(key: .factory, rndA: [UInt8](repeating: 0, count: 8))) != nil
    }
}
