import MIFAREClassic
import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TapCardSupport
import Testing
import Type2
import Type4

@testable import TagWorkflows

/// The irreversible operations started from states TapCard did not make: keys that are not the
/// ones TapCard uses (Classic key A, DESFire application and PICC master keys, NTAG 424 DNA key
/// 0, an Ultralight C key, an NTAG21x password), blocks already locked. The invariant for every
/// case: refused with the tag byte-identical, or completed and verified; never a tag changed and
/// then left.
@Suite struct StartingStateCatalogTests {
    static let message = NDEFMessage(records: [.uri("https://example.com/catalog")])
    static let privateKey: [UInt8] = Array(0x30..<0x40)

    struct Start: Sendable, CustomStringConvertible {
        var description: String
        var make: @Sendable () async throws -> ConformanceTag
        /// The operation; its outcome verified, or it throws.
        var run: @Sendable (ConformanceTag) async throws -> Bool
        /// True when only a refusal is right (the state holds something TapCard must not take).
        var refuses = false
    }

    static func lock(_ tag: ConformanceTag, key: [UInt8]? = nil) async throws -> Bool {
        guard let lockable = tag.driver() as? any LockableTag else { return false }
        return try await lockable.lockTag(confirmation: .permanent, key: key).verified
    }

    static func format(_ tag: ConformanceTag) async throws -> Bool {
        guard let formattable = tag.driver() as? any FormattableTag else { return false }
        return try await formattable.formatTag(FormatOptions()).verified
    }

    static func written(_ model: TagModel, formatted: Bool = true) async throws -> ConformanceTag {
        let tag = try ConformanceTag.make(model, formatted: formatted)
        if formatted { _ = try await tag.driver().writeMessage(message, verify: true) }
        return tag
    }

    static func classicWithPrivateKeyA(sector: Int, formatted: Bool) async throws -> ConformanceTag {
        let tag = try await written(.mifareClassic1K, formatted: formatted)
        guard case .classic(let card) = tag.emulated else { throw CancellationError() }
        let block = sector * 4 + 3
        card.setBlock(block, to: Array(privateKey.prefix(6)) + Array(card.blocks[block][6..<16]))
        return tag
    }

    /// A blank 1K card whose sector 5 holds someone's key B or data (the hostile newcomer's
    /// finding: format replaced the key B with FF…FF and zeroed the data).
    static func classicBlankWithSomeonesSector(keyB: Bool) throws -> ConformanceTag {
        let card = EmulatedClassicTag(model: .mifareClassic1K, formatted: false)
        if keyB {
            card.setBlock(23, to: Array(card.blocks[23][0..<10]) + [0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        } else {
            card.setBlock(20, to: [0xDE, 0xAD, 0xBE, 0xEF] + [UInt8](repeating: 0x42, count: 12))
        }
        return ConformanceTag.classic(card)
    }

    static func desfireWithApplicationKey() async throws -> ConformanceTag {
        let tag = try await written(.desfireEV3_4K)
        guard case .type4(let card) = tag.emulated else { throw CancellationError() }
        card.memory.picc?.applications[0].keys[0] = Type4Key(value: privateKey, version: 1)
        return tag
    }

    static func desfireWithPICCKey() throws -> ConformanceTag {
        var picc = DESFirePICC.factory.withAESMasterKey(privateKey)
        picc.keySettings = 0x0B
        let card = try EmulatedType4Tag(model: .desfireEV3_4K, picc: picc)
        let tag = ConformanceTag.type4(card)
        return tag
    }

    static func ntag424WithKeyZero() async throws -> ConformanceTag {
        let tag = try await written(.ntag424DNA)
        guard case .type4(let card) = tag.emulated else { throw CancellationError() }
        card.memory.keys[0] = Type4Key(value: privateKey, version: 1)
        return tag
    }

    static func ultralightCWithPrivateKey() async throws -> ConformanceTag {
        let tag = try await written(.ultralightC)
        guard case .type2(let card) = tag.emulated else { throw CancellationError() }
        let driver = Type2Tag(transport: card, key: .ultralightCFactory)
        _ = try await driver.protectWithKey(firstPage: 4, protectsReads: false)
        card.present()
        _ = try await Type2Tag(transport: card, key: .ultralightCFactory).changeKey(
            to: Type2AuthenticationKey(bytes: privateKey)!)
        card.present()
        return tag
    }

    static func ntag213WithPassword() async throws -> ConformanceTag {
        let tag = try await written(.ntag213)
        guard case .type2(let card) = tag.emulated else { throw CancellationError() }
        _ = try await Type2Tag(transport: card).protect(
            ProtectionRequest(password: Type2Password(bytes: [0x51, 0x52, 0x53, 0x54])!))
        card.present()
        return tag
    }

    static func type5WithLockedBlock() async throws -> ConformanceTag {
        let tag = try await written(.icodeSLIX2)
        guard case .type5(let card) = tag.emulated else { throw CancellationError() }
        card.memory.locked[2] = true
        return tag
    }

    static let starts: [Start] = [
        Start(
            description: "Classic 1K, sector 3 under a private key A: lock",
            make: { try await classicWithPrivateKeyA(sector: 3, formatted: true) }, run: { try await lock($0) }),
        Start(
            description: "Classic 1K blank, sector 5 under a private key A: format",
            make: { try await classicWithPrivateKeyA(sector: 5, formatted: false) }, run: { try await format($0) }),
        Start(
            description: "Classic 1K blank, sector 5 under someone's key B: format",
            make: { try classicBlankWithSomeonesSector(keyB: true) }, run: { try await format($0) }, refuses: true),
        Start(
            description: "Classic 1K blank, block 20 holding someone's data: format",
            make: { try classicBlankWithSomeonesSector(keyB: false) }, run: { try await format($0) }, refuses: true),
        Start(
            description: "DESFire EV3, application key 0 not the factory key: lock",
            make: { try await desfireWithApplicationKey() }, run: { try await lock($0) }),
        Start(
            description: "DESFire EV3, application key 0 not the factory key: lock with that key",
            make: { try await desfireWithApplicationKey() }, run: { try await lock($0, key: privateKey) }),
        Start(
            description: "DESFire EV3 blank, PICC master key wanted and not the factory key: format",
            make: { try desfireWithPICCKey() }, run: { try await format($0) }),
        Start(
            description: "NTAG 424 DNA, key 0 not the factory key: lock",
            make: { try await ntag424WithKeyZero() }, run: { try await lock($0) }),
        Start(
            description: "NTAG 424 DNA, key 0 not the factory key: key change with the factory key as old",
            make: { try await ntag424WithKeyZero() },
            run: { tag in
                guard case .type4(let card) = tag.emulated else { return false }
                let report = try await Type4Tag(channel: card, uid: card.uid).changeKeys(
                    to: [1: Array(repeating: 0x77, count: 16)], confirmation: .changeKeys)
                return !report.changed.isEmpty
            }),
        Start(
            description: "NTAG 424 DNA, key 0 not the factory key: SDM set-up",
            make: { try await ntag424WithKeyZero() },
            run: { tag in
                guard case .type4(let card) = tag.emulated else { return false }
                return try await Type4Tag(channel: card, uid: card.uid).setUpSDM(
                    try SUNTemplate("https://example.com/?p={picc}&m={mac}")
                ).verified
            }),
        Start(
            description: "Ultralight C guarded by a private key: lock without it",
            make: { try await ultralightCWithPrivateKey() }, run: { try await lock($0) }),
        Start(
            description: "NTAG213 protected by an unknown password: lock without it",
            make: { try await ntag213WithPassword() }, run: { try await lock($0) }),
        Start(
            description: "NTAG213 protected by an unknown password: protect with a new one",
            make: { try await ntag213WithPassword() },
            run: { tag in
                guard case .type2(let card) = tag.emulated else { return false }
                return try await Type2Tag(transport: card).protect(
                    ProtectionRequest(password: Type2Password(bytes: [1, 2, 3, 4])!)
                ).passwordVerified
            }),
        Start(
            description: "NTAG213 protected by an unknown password: unprotect with a wrong one",
            make: { try await ntag213WithPassword() },
            run: { tag in
                guard case .type2(let card) = tag.emulated else { return false }
                return try await !Type2Tag(transport: card, password: Type2Password(bytes: [9, 9, 9, 9])!)
                    .unprotect().after.isProtected
            }),
        Start(
            description: "ICODE SLIX2 with a data block locked already: lock",
            make: { try await type5WithLockedBlock() }, run: { try await lock($0) }),
    ]

    @Test(arguments: 0..<starts.count) func refusedUnchangedOrCompletedAndVerified(_ index: Int) async throws {
        let start = Self.starts[index]
        let tag = try await start.make()
        tag.present()
        let before = tag.state()
        do {
            let verified = try await start.run(tag)
            #expect(!start.refuses, "\(start): went ahead over something not its own")
            #expect(verified, "\(start): completed but not verified")
        } catch let error as any TapCardError {
            #expect(tag.state() == before, "\(start): refused (\(error.sentence)) but the tag changed")
            #expect(error.origin == .refusal || error.origin == .tag, "\(start): \(error.origin) \(error.sentence)")
        }
    }
}
