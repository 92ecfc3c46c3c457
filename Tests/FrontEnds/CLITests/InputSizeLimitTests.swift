import Foundation
import TapCardSupport
import Testing

/// Every file TapCard reads whole as a tag or a dump, and `decode --file`'s message, is refused
/// over `InputSizeLimit.bytes` from its size, before it is read: a 300 MB JSON file took 101 s and
/// 945 MB to import. The files here are sparse (`truncate`), so a refusal is instant and a read
/// would not be.
@Suite struct InputSizeLimitTests {
    /// A sparse file of `size` bytes (zeros) at `path`.
    static func sparse(_ path: String, size: Int, startingWith head: String = "") throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(head.utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    static let big = 64 << 20

    @Test("sim import, sim export, read, info, write and decode --file refuse a file over the limit: 65")
    func everyReaderRefusesAnOversizedFile() async throws {
        let home = try CLIHome("input-size")
        defer { home.remove() }
        let json = home.path + "/big.json"
        try Self.sparse(json, size: Self.big, startingWith: "{\"Created\": \"proxmark3\", \"FileType\": \"mfu\", ")
        let nfc = home.path + "/big.nfc"
        try Self.sparse(nfc, size: Self.big, startingWith: "Filetype: Flipper NFC device\nVersion: 4\n")
        let out = home.path + "/out.nfc"
        let limit = InputSizeLimit.bytes
        let commands: [[String]] = [
            ["sim", "import", json, out], ["sim", "import", nfc, out], ["sim", "export", nfc, "--flipper", out],
            ["read", "--tag", json], ["info", "--tag", nfc], ["write", "text", "hi", "--tag", nfc],
            ["copy", json, "--tag", nfc], ["decode", "--file", json],
        ]
        for command in commands {
            let started = ContinuousClock.now
            let result = await home.run(command)
            #expect(result.status == 65, "\(command): \(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains("is \(Self.big) bytes"), "\(command): \(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains("over the \(limit)-byte limit"), "\(result.io.errorOutput)")
            #expect(ContinuousClock.now - started < .seconds(5), "\(command) took \(ContinuousClock.now - started)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(command) left \(out)")
        }
        for path in [json, nfc] {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(size == Self.big, "\(path) changed")
        }
    }

    @Test("decode --file of a device without a size stops one byte past the limit and says so")
    func aFileWithoutASizeIsReadToTheLimitOnly() async throws {
        let home = try CLIHome("input-size-device")
        defer { home.remove() }
        let limit = InputSizeLimit.bytes
        let decoded = await home.run(["decode", "--file", "/dev/zero"])
        #expect(decoded.status == 65, "\(decoded.io.errorOutput)")
        #expect(
            decoded.io.errorOutput.contains(
                "'/dev/zero' holds more than \(limit) bytes (it has no size; reading stopped at \(limit + 1))"),
            "\(decoded.io.errorOutput)")
    }

    @Test("One byte over the limit is refused; a file at the limit is read and judged by its contents")
    func theLimitIsExact() async throws {
        let home = try CLIHome("input-size-edge")
        defer { home.remove() }
        let limit = InputSizeLimit.bytes
        let over = home.path + "/over.json"
        try Self.sparse(over, size: limit + 1, startingWith: "{")
        let refused = await home.run(["sim", "import", over, home.path + "/a.nfc"])
        #expect(refused.status == 65)
        #expect(refused.io.errorOutput.contains("is \(limit + 1) bytes, over the \(limit)-byte limit"))
        let at = home.path + "/at.json"
        try Self.sparse(at, size: limit, startingWith: "{")
        let read = await home.run(["sim", "import", at, home.path + "/b.nfc"])
        #expect(read.status == 65, "\(read.io.errorOutput)")
        #expect(!read.io.errorOutput.contains("-byte limit"), "\(read.io.errorOutput)")
        #expect(read.io.errorOutput.contains("not a readable"), "\(read.io.errorOutput)")
        let decode = home.path + "/at.bin"
        try Self.sparse(decode, size: limit)
        let decoded = await home.run(["decode", "--file", decode])
        #expect(!decoded.io.errorOutput.contains("-byte limit"), "\(decoded.io.errorOutput)")
    }
}
