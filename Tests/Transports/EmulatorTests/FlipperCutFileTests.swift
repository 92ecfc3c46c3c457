import Foundation
import TagEmulator
import Testing

/// A Flipper Zero SLIX or DESFire file cut at every byte: each cut is refused, or, where it ends a
/// line, reads as the whole file less what the reader says is missing. Never another tag in
/// silence (issue 40: a cut SLIX or DESFire file was accepted at some lengths).
@Suite struct FlipperCutFileTests {
    static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps/flipper")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: dumps.appendingPathComponent(name)))
    }

    /// The `Key: value` lines of a file's text.
    static func keyedLines(_ text: String) -> [(key: String, line: String)] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line))
        }
    }

    @Test(
        "A SLIX file cut at every byte is refused or reads as the whole less what it names",
        arguments: [
            "Slix_cap_default.nfc", "Slix_cap_accept_all_pass.nfc",
        ])
    func slixCutAtEveryByte(name: String) throws {
        let bytes = try Self.bytes(name)
        let whole = try Type5FlipperFile.parse(String(decoding: bytes, as: UTF8.self))
        #expect(whole.unknowns.isEmpty, "\(whole.unknowns)")
        let wholeText = Type5FlipperFile.encode(
            try EmulatedType5Tag(model: whole.model, uid: whole.uid, memory: whole.memory))
        var read = 0
        for offset in 0..<bytes.count {
            let text = String(decoding: bytes[..<offset], as: UTF8.self)
            guard let cut = try? Type5FlipperFile.parse(text) else { continue }
            read += 1
            #expect(bytes[offset - 1] == 0x0A, "offset \(offset): read a file cut inside a line")
            #expect(!cut.unknowns.isEmpty, "offset \(offset): read a cut file without saying what it lacks")
            // Every line the reader does not name is the whole file's.
            let cutText = Type5FlipperFile.encode(
                try EmulatedType5Tag(model: cut.model, uid: cut.uid, memory: cut.memory))
            let cutLines = Set(Self.keyedLines(cutText).map(\.line))
            for (key, line) in Self.keyedLines(wholeText)
            where !cut.unknowns.contains(where: { $0.hasPrefix("'\(key)'") }) {
                #expect(cutLines.contains(line), "offset \(offset): '\(key)' differs and is not named")
            }
        }
        // The cuts that read are the line ends after the last line the parser needs (Data Content).
        #expect(read > 0 && read < 40, "\(read) cuts read")
    }

    @Test("A DESFire file cut at every byte is refused or reads as the whole less what it names")
    func desfireCutAtEveryByte() throws {
        let bytes = try Self.bytes("DESFire_NfcFileFormats_example.nfc")
        let whole = try FlipperDESFireFile.parse(String(decoding: bytes, as: UTF8.self))
        var read: [Int] = []
        for offset in 0..<bytes.count {
            let text = String(decoding: bytes[..<offset], as: UTF8.self)
            guard let cut = try? FlipperDESFireFile.parse(text) else { continue }
            read.append(offset)
            #expect(bytes[offset - 1] == 0x0A, "offset \(offset): read a file cut inside a line")
            let extra = cut.unknowns.filter { !whole.unknowns.contains($0) }
            #expect(!extra.isEmpty, "offset \(offset): read a cut file without saying what it lacks")
            // The card is the whole one with the files it says it did not read as zeros.
            var expected = whole.picc
            for (a, application) in expected.applications.enumerated() {
                for (f, file) in application.files.enumerated()
                where extra.contains(where: { $0.contains("file \(file.number)'s") && $0.contains("not read") }) {
                    expected.applications[a].files[f].contents = [UInt8](repeating: 0, count: file.contents.count)
                }
            }
            #expect(cut.picc == expected, "offset \(offset)")
            #expect(cut.model == whole.model && cut.uid == whole.uid)
        }
        // Only the cut before the one file's data line reads (the file then said to be unread).
        #expect(read.count == 1, "\(read)")
    }
}
