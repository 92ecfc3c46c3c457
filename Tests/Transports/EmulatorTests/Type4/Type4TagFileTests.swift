import Foundation
import TagCatalog
import TagEmulator
import TestSupport
import Testing

/// The TapCard Type 4 file: round trips, total parsing with line numbers, crash-safe saving and the
/// dispatch of `VirtualTag` between Type 2 and Type 4 files.
@Suite struct Type4TagFileTests {
    private func temporaryPath(_ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-t4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }

    @Test(arguments: EmulatedType4Tag.supportedModels)
    func saveAndLoadRoundTrip(model: TagModel) async throws {
        let tag = EmulatedType4Tag(model: model, uid: bytes("04112233445566"), contents: [0xE104: bytes("0003D00000")])
        if model == .ntag424DNA {
            tag.signature = (0..<56).map { UInt8($0 * 3 & 0xFF) }
            tag.memory.keys[2] = Type4Key(value: (0..<16).map { UInt8($0) }, version: 0x07)
        }
        let path = try temporaryPath("tag.t4")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try VirtualTag.type4(tag).save(to: path)
        guard case .type4(let loaded) = try VirtualTag.load(path) else {
            Issue.record("not loaded as a Type 4 tag")
            return
        }
        #expect(loaded.model == model)
        #expect(loaded.uid == tag.uid)
        #expect(loaded.memory == tag.memory)
    }

    @Test func fileLooksAsDocumented() {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"))
        let text = Type4TagFile.encode(tag)
        #expect(text.hasPrefix("Filetype: TapCard Type 4 tag\nVersion: 1\n# "))
        #expect(text.contains("ntag4xx"))
        #expect(text.contains("Model: ntag424-dna\n"))
        #expect(text.contains("UID: 04 11 22 33 44 55 66\n"))
        #expect(text.contains("Key 4 version: 00\n"))
        #expect(text.contains("File E105 settings: 00 03 30 23 80 00 00\n"))
        #expect(
            text.contains("File E103 data 0000: 00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05 06 E1 05 00 80 82 83"))
        #expect(text.contains("File E104 data 00E0: "))
        #expect(!text.contains("File E104 data 0100"))
    }

    @Test func parseErrorsNameTheLine() {
        let good = Type4TagFile.encode(EmulatedType4Tag(model: .genericType4, uid: bytes("04112233445566")))
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let uidLine = lines.firstIndex { $0.hasPrefix("UID:") } ?? 0
        lines[uidLine] = "UID: 04 11 22"
        #expect(
            throws: EmulatorError.malformedType4File(
                path: "x", .badValue(line: uidLine + 1, key: "UID", reason: "3 bytes; a UID has 7"))
        ) {
            _ = try Type4TagFile.decode(lines.joined(separator: "\n"), path: "x")
        }
        #expect(throws: EmulatorError.malformedType4File(path: "x", .notType4File(line: 1))) {
            _ = try Type4TagFile.decode("Model: type4\n", path: "x")
        }
        #expect(throws: EmulatorError.malformedType4File(path: "x", .unknownKey(line: 3, key: "Colour"))) {
            _ = try Type4TagFile.decode("Filetype: TapCard Type 4 tag\nVersion: 1\nColour: red\n", path: "x")
        }
        // A file cut short: its last data row is missing.
        let cut = good.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(throws: EmulatorError.self) { _ = try Type4TagFile.decode(cut, path: "x") }
    }

    @Test func parsingNeverTrapsOnMangledFiles() {
        let good = Type4TagFile.encode(EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566")))
        var generator = SplitMix64(seed: 0x424)
        let scalars = Array(good.utf8)
        var parsed = 0
        for _ in 0..<300 {
            var mangled = scalars
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let position = Int.random(in: 0..<mangled.count, using: &generator)
                mangled[position] =
                    [UInt8(ascii: ":"), UInt8(ascii: "\n"), UInt8(ascii: "F"), 0x20, 0x41][
                        Int.random(in: 0..<5, using: &generator)]
            }
            if (try? Type4TagFile.decode(String(decoding: mangled, as: UTF8.self))) != nil { parsed += 1 }
        }
        #expect(parsed < 300, "most mangled files are refused")
    }

    @Test func virtualTagDispatchKeepsType2Files() throws {
        let path = try temporaryPath("tag.nfc")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let type2 = EmulatedTag(model: .ntag213, uid: bytes("04112233445566"))
        try VirtualTagFile.save(type2, to: path)
        guard case .type2(let loaded) = try VirtualTag.load(path) else {
            Issue.record("a Flipper file must load as a Type 2 tag")
            return
        }
        #expect(loaded.memory == type2.memory)
        // The Type 2 loader refuses a Type 4 file in words.
        try VirtualTag.type4(EmulatedType4Tag(model: .genericType4)).save(to: path)
        #expect(throws: EmulatorError.notType2(path: path)) { _ = try VirtualTagFile.load(path) }
    }

    @Test func memoryThatDoesNotFitTheModelIsRefused() {
        var memory = EmulatedType4Tag(model: .ntag424DNA).memory
        memory.files[1].contents.removeLast()
        #expect(throws: EmulatorError.self) {
            _ = try EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"), memory: memory)
        }
        #expect(throws: EmulatorError.unsupportedModel(.ntag213)) { try EmulatedType4Tag.check(model: .ntag213) }
    }
}
