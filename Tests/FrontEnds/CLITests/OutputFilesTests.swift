import Foundation
import TapCardCLI
import Testing

/// Issue 26, item 1: files the user names are written by one safe writer. `page --out` into a
/// folder that holds the site's files lists them and writes nothing without `--force`; a symbolic
/// link (the file or a folder inside the target) is never written through, even with `--force`;
/// `--force` replaces the files, keeping their permission bits. Before, `page --out` replaced
/// every file silently and followed `contact.vcf → ../victim.txt`.
@Suite struct OutputFilesTests {
    @Test func pageOutIsSafe() async throws {
        let home = try CLIHome("out")
        defer { home.remove() }
        let root = home.path
        let site = root + "/site"
        #expect(await home.run(["page", "--name", "Ada", "--out", site]).status == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: site + "/index.html"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: site + "/index.html")
        let again = await home.run(["page", "--name", "Bob", "--out", site])
        #expect(again.status == 1)
        #expect(again.io.errorOutput.contains("index.html") && again.io.errorOutput.contains("contact.vcf"))
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "mine")
        let forced = await home.run(["page", "--name", "Bob", "--out", site, "--force"])
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
        let throughFile = await home.run(["page", "--name", "Eve", "--out", linked, "--force"])
        #expect(throughFile.status == 1)
        #expect(throughFile.io.errorOutput.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: linked + "/index.html"))
        let outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let withApp = root + "/app"
        try FileManager.default.createDirectory(atPath: withApp, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: withApp + "/.well-known", withDestinationPath: outside)
        let throughFolder = await home.run(
            [
                "page", "--name", "Eve", "--out", withApp, "--base-url", "https://e.example/", "--app-id",
                "ABCDE12345.com.example.app", "--force",
            ])
        #expect(throughFolder.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(try String(contentsOfFile: root + "/victim.txt", encoding: .utf8) == "victim")
    }

    @Test func simExportRefusesToReplace() async throws {
        let home = try CLIHome("export")
        defer { home.remove() }
        let root = home.path
        #expect(await home.run(["sim", "new", "ntag213", root + "/t.nfc"]).status == 0)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: root + "/out.bin"))
        let refused = await home.run(["sim", "export", root + "/t.nfc", "--bin", root + "/out.bin"])
        #expect(refused.status != 0)
        #expect(try String(contentsOfFile: root + "/out.bin", encoding: .utf8) == "keep")
    }

    /// A folder where the file would go cannot be written by any flag: the rule for a file not
    /// written (74, as a read-only filesystem or a read-only tag file), for every command that
    /// creates a file. An existing file (`--force` replaces it) and a link stay refusals (1).
    /// Before, a folder gave 1 and a write the system refused 69.
    @Test func aFolderWhereAFileWouldGoIsAFileNotWritten() async throws {
        let home = try CLIHome("folder")
        defer { home.remove() }
        let root = home.path
        #expect(await home.run(["sim", "new", "ntag213", root + "/t.nfc"]).status == 0)
        let folder = root + "/taken"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/site/index.html", withIntermediateDirectories: true)
        for command in [
            ["sim", "new", "ntag215", folder],
            ["sim", "export", root + "/t.nfc", "--bin", folder],
            ["sim", "export", root + "/t.nfc", "--flipper", folder],
            ["page", "--name", "Ada", "--out", root + "/site"],
            ["sim", "new", "ntag215", folder, "--json"],
        ] {
            let result = await home.run(command)
            #expect(result.status == 74, "\(command): \(result.io.errorOutput)")
            #expect(
                result.io.errorOutput.contains("folder") || result.io.errorOutput.contains("directory"), "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/site/index.html").isEmpty)
    }

    /// A device where an output file would go is named as what it is: `sim export X --flipper
    /// /dev/null` said "/dev/null is a folder" (hostile newcomer, issue 40). Still a file not
    /// written (74), and the device untouched.
    @Test func aDeviceWhereAFileWouldGoIsNamedAsADevice() async throws {
        let home = try CLIHome("device")
        defer { home.remove() }
        #expect(await home.run(["sim", "new", "ntag213", home.path + "/t.nfc"]).status == 0)
        let result = await home.run(["sim", "export", home.path + "/t.nfc", "--flipper", "/dev/null"])
        #expect(result.status == 74, "\(result.io.errorOutput)")
        #expect(result.io.errorOutput.contains("character device"), "\(result.io.errorOutput)")
        #expect(!result.io.errorOutput.contains("folder"))
    }
}
