import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type2

@testable import TagWorkflows

/// MIFARE Ultralight AES through the Type 2 driver and the emulator: identified by GET_VERSION,
/// the AES key through the chip-neutral `key` (the driver picks AES from the chip), guarded reads
/// and writes, protect, unprotect and key change through the contract, SEC_MSG_ACT refused before
/// authenticating, and a key change torn at every command never leaves the tag guarded by a
/// half-written key.
@Suite struct UltralightAESDriverTests {
    static let uid: [UInt8] = [0x04, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56]
    static let factoryKey = Type2AuthenticationKey(bytes: [UInt8](repeating: 0, count: 16))!
    static let newKey = Type2AuthenticationKey(bytes: Array(0x20..<0x30))!
    static let message = NDEFMessage(records: [.uri("https://example.com/ultralight-aes")])

    /// No declared model: the chip is identified by GET_VERSION, as on a reader or a phone.
    static func driver(_ tag: EmulatedTag, key: Type2AuthenticationKey? = nil) -> Type2Tag<EmulatedTag> {
        Type2Tag(transport: tag, key: key)
    }

    /// A formatted tag holding `message`, guarded from page 4, reads too, with the factory key.
    static func protectedTag() async throws -> EmulatedTag {
        let tag = EmulatedTag(model: .ultralightAES, uid: uid)
        _ = try await driver(tag).write(message)
        let report = try await driver(tag, key: factoryKey).protectWithKey(firstPage: 4, protectsReads: true)
        #expect(report.after.protectedPages == 4...0x3B && report.after.protectsReads && report.cipher == .aes128)
        tag.present()
        return tag
    }

    @Test("identified by GET_VERSION; read with READ (no FAST_READ), authenticated with AES when a key is given")
    func identification() async throws {
        let tag = EmulatedTag(model: .ultralightAES, uid: Self.uid)
        _ = try await Self.driver(tag).write(Self.message)
        tag.clearLog()
        let report = try await Self.driver(tag, key: Self.factoryKey).read()
        #expect(report.identification.model == .ultralightAES)
        #expect(report.content.message == Self.message)
        let codes = tag.commandLog.map { $0.command.first ?? 0 }
        #expect(codes.contains(0x1A) && codes.contains(0xAF) && !codes.contains(0x3A))
        #expect(tag.commandLog.first { $0.command.first == 0xAF }?.command.count == 33)
    }

    @Test("guarded from page 4: without the key a read names page 4 and a write is refused unsent; with it both work")
    func guardedReadAndWrite() async throws {
        let tag = try await Self.protectedTag()
        let before = tag.memory
        guard case .passwordProtected(4) = try await Self.driver(tag).read().content else {
            Issue.record("a read without the key should be refused from page 4")
            return
        }
        tag.present()
        tag.clearLog()
        await #expect(throws: KeyProtectionError.self) {
            try await Self.driver(tag).write(NDEFMessage(records: [.uri("https://x.example")]))
        }
        #expect(!tag.commandLog.contains { $0.command.first == 0xA2 })
        #expect(tag.memory == before)
        tag.present()
        let other = NDEFMessage(records: [.text("guarded", language: "en")])
        _ = try await Self.driver(tag, key: Self.factoryKey).write(other)
        tag.present()
        #expect(try await Self.driver(tag, key: Self.factoryKey).read().content.message == other)
    }

    @Test("a wrong key is the tag's refusal (NAK on the second step) and nothing changes")
    func wrongKey() async throws {
        let tag = try await Self.protectedTag()
        let before = tag.memory
        await #expect(throws: UltralightAESAuthError.keyRejected(answer: [0x00])) {
            try await Self.driver(tag, key: Self.newKey).read()
        }
        #expect(tag.memory == before)
    }

    @Test("SEC_MSG_ACT set: refused before AUTHENTICATE, naming the bit; nothing more is sent")
    func secureMessagingRefused() async throws {
        let tag = EmulatedTag(model: .ultralightAES, uid: Self.uid)
        _ = try await tag.transceive([0xA2, 0x29, 0x02, 0x00, 0x00, 0x3C])
        tag.present()
        tag.clearLog()
        do {
            _ = try await Self.driver(tag, key: Self.factoryKey).read()
            Issue.record("a tag with secure messaging on was authenticated")
        } catch let error as UltralightAESAuthError {
            #expect(error == .secureMessagingActive(configuration: [0x02, 0x00, 0x00, 0x3C]))
            #expect(error.sentence.contains("byte 0 bit 1"))
        }
        #expect(!tag.commandLog.contains { $0.command.first == 0x1A })
        #expect(tag.commandLog.last?.command == [0x30, 0x29])
    }

    @Test("through the contract: a key request guards, unprotect needs the key, then sets AUTH0 3Ch")
    func contractProtectUnprotect() async throws {
        let tag = EmulatedTag(model: .ultralightAES, uid: Self.uid)
        await #expect(throws: KeyProtectionError.keyNotGiven(firstPage: 5)) {
            _ = try await (Self.driver(tag) as any ProtectableTag).protectTag(.key(firstPage: 5, protectsReads: false))
        }
        let protected = try await (Self.driver(tag, key: Self.factoryKey) as any ProtectableTag)
            .protectTag(.key(firstPage: 5, protectsReads: false))
        guard case .key(let report) = protected else {
            Issue.record("expected a key report")
            return
        }
        // ACCESS (PROT cleared) first, CFG (AUTH0) last.
        #expect(report.writes.map(\.page) == [0x2A, 0x29] && report.keyAuthenticated)
        #expect(tag.memory[0x29 * 4 + 3] == 5 && tag.memory[0x2A * 4] & 0x80 == 0)
        tag.present()
        let before = tag.memory
        await #expect(throws: KeyProtectionError.keyRequired(firstProtectedPage: 5)) {
            _ = try await (Self.driver(tag) as any ProtectableTag).unprotectTag()
        }
        #expect(tag.memory == before)
        tag.present()
        let freed = try await (Self.driver(tag, key: Self.factoryKey) as any ProtectableTag).unprotectTag()
        guard case .key(let unprotect) = freed else {
            Issue.record("expected a key report")
            return
        }
        #expect(!unprotect.after.isProtected && tag.memory[0x29 * 4 + 3] == 0x3C)
    }

    @Test("a key change writes pages 30h–33h reversed, AUTH0 off around it; the new key works after a reset")
    func changeKey() async throws {
        let tag = try await Self.protectedTag()
        let report = try await Self.driver(tag, key: Self.factoryKey).changeKey(to: Self.newKey)
        #expect(report.changedKey && report.after.auth0 == 4)
        #expect(report.writes.map(\.page) == [0x29, 0x30, 0x31, 0x32, 0x33, 0x29])
        #expect(Array(tag.memory[0x30 * 4..<0x34 * 4]) == Array(Self.newKey.bytes.reversed()))
        tag.present()
        #expect(try await Self.driver(tag, key: Self.newKey).read().content.message == Self.message)
        tag.present()
        await #expect(throws: UltralightAESAuthError.keyRejected(answer: [0x00])) {
            try await Self.driver(tag, key: Self.factoryKey).read()
        }
    }

    @Test("a key change torn at every command, in every mode: never guarded by a half-written key")
    func changeKeyAtEveryTear() async throws {
        let reference = try await Self.protectedTag()
        reference.clearLog()
        _ = try await Self.driver(reference, key: Self.factoryKey).changeKey(to: Self.newKey)
        let commands = reference.commandLog.count
        let oldStored = [UInt8](repeating: 0, count: 16)
        let newStored = Array(Self.newKey.bytes.reversed())
        var tornWithGuard = 0
        for index in 0..<commands {
            for mode in [TearMode.notDelivered, .replyLost, .corruptedWrite] {
                let tag = try await Self.protectedTag()
                tag.clearLog()
                tag.tearAfter(commands: index, mode: mode)
                await #expect(throws: (any Error).self) {
                    try await Self.driver(tag, key: Self.factoryKey).changeKey(to: Self.newKey)
                }
                let stored = Array(tag.memory[0x30 * 4..<0x34 * 4])
                if tag.memory[0x29 * 4 + 3] <= 0x3B {
                    tornWithGuard += 1
                    #expect(
                        stored == oldStored || stored == newStored, "tear at \(index), \(mode): guarded by a mixed key")
                }
            }
        }
        #expect(commands > 6 && tornWithGuard > 0)
    }
}
