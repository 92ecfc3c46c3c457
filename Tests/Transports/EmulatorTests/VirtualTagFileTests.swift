import Foundation
import TagEmulator
import Testing

/// Virtual tag files on disk: save, load, and the errors a person sees.
@Suite struct VirtualTagFileTests {
    @Test func saveThenLoadKeepsTheTag() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-\(UUID().uuidString).nfc")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tag = EmulatedTag(model: .ultralightEV1_128, uid: [0x04, 9, 8, 7, 6, 5, 4])
        tag.counters = [1, 2, 3]
        try VirtualTagFile.save(tag, to: path)
        let back = try VirtualTagFile.load(path)
        #expect(back.model == .ultralightEV1_128)
        #expect(back.memory == tag.memory)
        #expect(back.counters == [1, 2, 3])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("# \(VirtualTagFile.comment)\n"))
    }

    @Test func unreadableFilesAreOurErrors() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/tag.nfc"
        #expect(throws: EmulatorError.fileUnreadable(path: missing, reason: "no such file")) {
            try VirtualTagFile.load(missing)
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: EmulatorError.fileUnreadable(path: directory, reason: "it is a directory")) {
            try VirtualTagFile.load(directory)
        }
        #expect(EmulatorError.fileUnreadable(path: "x", reason: "y").origin == .platform)
    }

    @Test func textThatIsNotAFlipperFileSaysSo() {
        // Text without TapCard's comment is another tool's file, a dump.
        #expect(
            throws: EmulatorError.malformedFile(path: "the virtual tag", .syntax(.notFlipperNFC(line: 1)), dump: true)
        ) {
            try VirtualTagFile.decode("garbage")
        }
    }
}
