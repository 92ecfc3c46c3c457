import Foundation
import TagEmulator
import Testing

/// Listing a directory (what `FileBytes.removeStaleTemporaries(of:)` does before every load)
/// reads each entry's name in place. It once copied the whole `dirent`, whose 256-byte name
/// array runs past a short record at the end of readdir's buffer: AddressSanitizer reported a
/// heap-buffer-overflow. Entries of every name length, many of them, make that layout certain
/// in the sanitizer runs, and the names must come back exactly.
@Suite struct DirectoryListingTests {
    @Test("Every name length from 1 to 255 bytes is listed exactly, and stale temporaries are found")
    func everyNameLength() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tag = directory + "/t.tag"
        try Data("x".utf8).write(to: URL(fileURLWithPath: tag))
        for length in 1...255 {
            let name = String(repeating: "n", count: length)
            if name == "t.tag" { continue }
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: nil))
        }
        // A temporary copy a killed save left beside the tag (its process, 2000000000, is above
        // any pid_max, so it does not exist): found among 255 other names.
        let stale = ".t.tag.tapcard-2000000000-abcd.tmp"
        #expect(FileManager.default.createFile(atPath: directory + "/" + stale, contents: nil))
        let listed = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(listed.count == 257)
        let removed = FileBytes.removeStaleTemporaries(of: tag)
        #expect(removed == [stale])
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(after.contains("t.tag") && after.contains(String(repeating: "n", count: 255)))
        #expect(after.count == 256)
    }
}
