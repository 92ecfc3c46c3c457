import Foundation
import TapCardCLI
import Testing

/// Issue 26, item 1: files the user names are written by one safe writer. `page --out` into a
/// folder that holds the site's files lists them and writes nothing without `--force`; a symbolic
/// link (the file or a folder inside the target) is never written through, even with `--force`;
/// `--force` replaces the files, keeping their permission bits. Before, `page --out` replaced
/// every file silently and followed `contact.vcf → ../victim.txt`.
@Suite struct OutputFilesTests {
    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    @Test func pageOutIsSafe() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let root = url.path
        let site = root + "/site"
        #expect(await run(["page", "--name", "Ada", "--out", site], home: root).status == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: site + "/index.html"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: site + "/index.html")
        let again = await run(["page", "--name", "Bob", "--out", site], home: root)
        #expect(again.status == 1)
        #expect(again.io.errorOutput.contains("index.html") && again.io.errorOutput.contains("contact.vcf"))
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "mine")
        let forced = await run(["page", "--name", "Bob", "--out", site, "--force"], home: root)
        #expect(forced.status == 0, "\(forced.io.errorOutput)")
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8).contains("Bob"))
        let mode = try FileManager.default.attributesOfItem(atPath: site + "/index.html")[.posixPermissions] as? Int
        #expect(mode == 0o640)

        // A link as the file, and a link as a folder inside the target.
        try Data("victim".utf8).write(to: URL(fileURLWithPath: root + "/victim.txt"))
        let linked = root + "/linked"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: linked + "/contact.vcf", withDestinationPath: "../victim.txt")
        let throughFile = await run(["page", "--name", "Eve", "--out", linked, "--force"], home: root)
        #expect(throughFile.status == 1)
        #expect(throughFile.io.errorOutput.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: linked + "/index.html"))
        let outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let withApp = root + "/app"
        try FileManager.default.createDirectory(atPath: withApp, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: withApp + "/.well-known", withDestinationPath: outside)
        let throughFolder = await run(
            [
                "page", "--name", "Eve", "--out", withApp, "--base-url", "https://e.example/", "--app-id",
                "ABCDE12345.com.example.app", "--force",
            ], home: root)
        #expect(throughFolder.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(try String(contentsOfFile: root + "/victim.txt", encoding: .utf8) == "victim")
    }

    @Test func simExportRefusesToReplace() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let root = url.path
        #expect(await run(["sim", "new", "ntag213", root + "/t.nfc"], home: root).status == 0)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: root + "/out.bin"))
        let refused = await run(["sim", "export", root + "/t.nfc", "--bin", root + "/out.bin"], home: root)
        #expect(refused.status != 0)
        #expect(try String(contentsOfFile: root + "/out.bin", encoding: .utf8) == "keep")
    }
}
