import Foundation
import TagCatalog
import TagEmulator
import TagFrames
import TestSupport
import Testing

/// Flipper Zero `.nfc` files for SLIX (ICODE SLIX2) and ISO15693-3 (ST25DV04K).
@Suite struct Type5FlipperFileTests {
    /// A file written by hand in the firmware's layout (`iso15693_3.c` then `slix.c` save order).
    static let handWritten = """
        Filetype: Flipper NFC device
        Version: 4
        # Device type can be ISO14443-3A, ISO14443-3B, ISO14443-4A, ISO14443-4B, ISO15693-3, FeliCa, NTAG/Ultralight, Mifare Classic, Mifare DESFire, SLIX, ST25TB
        Device type: SLIX
        # UID is common for all formats
        UID: E0 04 01 08 02 40 44 E7
        # ISO15693-3 specific data
        # Data Storage Format Identifier
        DSFID: 00
        # Application Family Identifier
        AFI: 00
        # IC Reference - Vendor specific meaning
        IC Reference: 01
        # Lock Bits
        Lock DSFID: false
        Lock AFI: true
        # Number of memory blocks, valid range = 1..256
        Block Count: 80
        # Size of a single memory block, valid range = 01...20 (hex)
        Block Size: 04
        Data Content: \(([0xE1, 0x40, 0x27, 0x00, 0x03, 0x00, 0xFE, 0x00] + [UInt8](repeating: 0, count: 312)).map { String(format: "%02X", $0) }.joined(separator: " "))
        # Block Security Status: 01 = locked, 00 = not locked
        Security Status: 01 \(Array(repeating: "00", count: 79).joined(separator: " "))
        # SLIX specific data
        # SLIX capabilities field affects emulation modes. Possible options: Default, Accept all passwords
        Capabilities: Default
        # Passwords are optional. If a password is omitted, a default value will be used
        Password Read: 00 00 00 00
        Password Write: 00 00 00 00
        Password Privacy: 0F 0F 0F 0F
        Password Destroy: FF FF FF FF
        Password EAS: 00 00 00 00
        # This is the card's secp128r1 elliptic curve signature. It can not be calculated without knowing NXP's private key.
        Signature: \(Array(repeating: "AB", count: 32).joined(separator: " "))
        Privacy Mode: false
        # Protection pointer configuration
        Protection Pointer: 10
        Protection Condition: 00
        # SLIX Lock Bits
        Lock EAS: false
        Lock PPL: false

        """

    @Test func loadsTheFirmwareLayout() async throws {
        guard case .type5(let tag) = try VirtualTag.decode(Self.handWritten) else {
            Issue.record("not read as a Type 5 tag")
            return
        }
        #expect(tag.model == .icodeSLIX2 && tag.uid == slixUID)
        #expect(tag.memory.blocks[0] == [0xE1, 0x40, 0x27, 0x00] && tag.memory.locked[0] && !tag.memory.locked[1])
        #expect(tag.memory.afiLocked && !tag.memory.dsfidLocked)
        #expect(tag.memory.slix?.privacyPassword == [0x0F, 0x0F, 0x0F, 0x0F])
        #expect(tag.memory.slix?.protectionPointer == 0x10)
        #expect(try await tag.answer(request(0x02, 0xBD))?.payload == [UInt8](repeating: 0xAB, count: 32))
        #expect(try await tag.answer(request(0x02, 0xAB))?.payload == bytes("10 00 01 7F 35 00 00"))
        // Written back, it is the same text.
        #expect(VirtualTag.type5(tag).encoded == Self.handWritten)
    }

    @Test(arguments: EmulatedType5Tag.supportedModels)
    func randomTagsRoundTrip(model: TagModel) throws {
        var generator = SplitMix64(seed: 0xF11E)
        let facts = try #require(model.type5)
        for _ in 0..<50 {
            let tag = EmulatedType5Tag(model: model, uid: EmulatedType5Tag.randomUID(facts: facts, using: &generator))
            tag.memory.blocks = (0..<facts.blockCount).map { _ in generator.bytes(facts.blockSize) }
            tag.memory.locked = (0..<facts.blockCount).map { _ in Bool.random(using: &generator) }
            tag.memory.dsfid = UInt8.random(in: 0...255, using: &generator)
            tag.memory.afi = UInt8.random(in: 0...255, using: &generator)
            tag.memory.afiLocked = Bool.random(using: &generator)
            if model == .icodeSLIX2 {
                tag.memory.signature = generator.bytes(32)
                tag.memory.slix?.easPassword = generator.bytes(4)
                tag.memory.slix?.privacyMode = Bool.random(using: &generator)
            }
            let text = VirtualTag.type5(tag).encoded
            #expect(text.contains(model == .icodeSLIX2 ? "\nDevice type: SLIX\n" : "\nDevice type: ISO15693-3\n"))
            guard case .type5(let loaded) = try VirtualTag.decode(text) else {
                Issue.record("not read as a Type 5 tag")
                return
            }
            #expect(loaded.model == model && loaded.uid == tag.uid && loaded.memory == tag.memory)
        }
    }

    @Test func savesCrashSafelyAndLoadsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("t5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("st.nfc").path
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        try VirtualTag.type5(tag).save(to: path)
        guard case .type5(let loaded) = try VirtualTag.load(path) else {
            Issue.record("not read as a Type 5 tag")
            return
        }
        #expect(loaded.memory == tag.memory)
    }

    @Test func legacySecurityStatusCarriesTheLockByte() throws {
        var text = Self.handWritten.replacingOccurrences(of: "Lock DSFID: false\n", with: "")
        text = text.replacingOccurrences(of: "Lock AFI: true\n", with: "")
        text = text.replacingOccurrences(of: "Security Status: 01 ", with: "Security Status: 01 01 ")
        let parsed = try Type5FlipperFile.parse(text)
        #expect(parsed.memory.dsfidLocked && !parsed.memory.afiLocked)
        #expect(parsed.memory.locked[0] && !parsed.memory.locked[1])
    }

    /// The line of the first line that starts with `prefix` in `text`.
    func line(of prefix: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    @Test func errorsNameTheirLine() throws {
        let base = Self.handWritten
        func error(_ text: String) -> Type5FileError? {
            do {
                _ = try Type5FlipperFile.parse(text)
                return nil
            } catch {
                return error
            }
        }
        let uidLine = line(of: "UID:", in: base)
        #expect(
            error(base.replacingOccurrences(of: "UID: E0 04 01 08", with: "UID: E0 04 01 10"))
                == .unknownChip(uid: "E0 04 01 10 02 40 44 E7", line: uidLine))
        #expect(
            error(base.replacingOccurrences(of: "UID: E0 04 01 08 02 40 44 E7", with: "UID: E0 04 01 08"))
                == .syntax(.wrongLength(field: "UID", bytes: 4, expected: [8], line: uidLine)))
        let countLine = line(of: "Block Count", in: base)
        #expect(
            error(base.replacingOccurrences(of: "Block Count: 80", with: "Block Count: 28"))
                == .geometry(blocks: 28, blockSize: 4, expectedBlocks: 80, expectedSize: 4, line: countLine))
        #expect(
            error(base.replacingOccurrences(of: "Block Count: 80", with: "Block Count: -1"))
                == .syntax(.invalidNumber(field: "Block Count", line: countLine)))
        let afiLine = line(of: "Lock AFI", in: base)
        #expect(
            error(base.replacingOccurrences(of: "Lock AFI: true", with: "Lock AFI: yes"))
                == .syntax(.invalidBool(field: "Lock AFI", line: afiLine)))
        #expect(
            error(base.replacingOccurrences(of: "Device type: SLIX", with: "Device type: NTAG/Ultralight"))
                == .unsupportedDeviceType("NTAG/Ultralight", line: 4))
        #expect(
            error(base.replacingOccurrences(of: "DSFID: 00", with: "DSFID: 0G"))
                == .syntax(.invalidHex(field: "DSFID", line: line(of: "DSFID", in: base), offset: 1)))
        #expect(
            error(base + "AFI: 00\n")
                == .syntax(
                    .duplicateField("AFI", line: base.split(separator: "\n", omittingEmptySubsequences: false).count)))
        #expect(error("Version: 4\n") == .syntax(.notFlipperNFC(line: 1)))
        #expect(
            error(base.replacingOccurrences(of: "Data Content:", with: "Data:"))
                == .syntax(.missingField("Data Content")))
    }

    @Test func neverTrapsOnMangledFiles() {
        var generator = SplitMix64(seed: 0xBAD5)
        let lines = Self.handWritten.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<2_000 {
            var mangled = lines
            let index = Int.random(in: 0..<mangled.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: mangled.remove(at: index)
            case 1: mangled[index] = String(mangled[index].prefix(Int.random(in: 0...20, using: &generator)))
            case 2: mangled.insert(mangled[index], at: index)
            default: mangled[index] += " " + String(UInt8.random(in: 0...255, using: &generator), radix: 16)
            }
            _ = try? Type5FlipperFile.parse(mangled.joined(separator: "\n"))
        }
    }
}
