import Foundation
import Testing

@testable import TapCardCLI

/// Issue 39, item 3: every file the CLI creates goes through one writer. For each creating
/// command, a dangling symbolic link and a link to an existing file are refused, `--force` or
/// not, and nothing is written through them; an existing file is not replaced without `--force`;
/// a replaced file keeps its mode. Before, `sim new`, `sim import` and `sim export --bin` created
/// a file through a dangling link without `--force` and wrote through a link with it, and
/// `sim export --flipper` of a Type 5 tag did the same.
@Suite struct CreatedFilesTests {
    /// One creating command: the file it creates at `out`, from a home holding `t.nfc` (NTAG213),
    /// `v.nfc` (ICODE SLIX2) and `k.nfc` (NTAG 424 DNA).
    struct Creator: CustomStringConvertible, Sendable {
        var description: String
        var arguments: @Sendable (_ home: String, _ out: String) -> [String]
        var takesForce = true
    }

    static let creators: [Creator] = [
        Creator(description: "sim new") { _, out in ["sim", "new", "ntag213", out] },
        Creator(description: "sim new type4") { _, out in ["sim", "new", "ntag424", out] },
        Creator(description: "sim import") { home, out in ["sim", "import", home + "/t.nfc", out] },
        Creator(description: "sim import type5") { home, out in ["sim", "import", home + "/v.nfc", out] },
        Creator(description: "sim export --flipper") { home, out in
            ["sim", "export", home + "/t.nfc", "--flipper", out]
        },
        Creator(description: "sim export --bin") { home, out in ["sim", "export", home + "/t.nfc", "--bin", out] },
        Creator(description: "sim export type5 --flipper") { home, out in
            ["sim", "export", home + "/v.nfc", "--flipper", out]
        },
        Creator(description: "sim export type5 --bin") { home, out in ["sim", "export", home + "/v.nfc", "--bin", out]
        },
        Creator(description: "sim export classic --proxmark3") { home, out in
            ["sim", "export", home + "/c.nfc", "--proxmark3", out]
        },
        Creator(description: "sim import classic .mfd") { _, out in
            ["sim", "import", ClassicDumpCommandTests.fixtures + "/libnfc-mfd/mfc1k.mfd", out]
        },
        Creator(
            description: "ntag424 keys --new-keys-out",
            arguments: { home, out in
                [
                    "ntag424", "keys", "--tag", home + "/k.nfc", "--yes-change-keys", "--generate", "--new-keys-out",
                    out,
                ]
            }, takesForce: false),
    ]

    static func home() async throws -> CLIHome {
        let home = try CLIHome("created")
        _ = try await home.newTag("ntag213", "t.nfc")
        _ = try await home.newTag("icode-slix2", "v.nfc")
        _ = try await home.newTag("ntag424", "k.nfc")
        _ = try await home.newTag("mifare-classic-1k", "c.nfc")
        return home
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test(arguments: creators) func linksAreNeverWrittenThrough(_ creator: Creator) async throws {
        let home = try await Self.home()
        defer { home.remove() }
        let root = home.path
        let tagBefore = try Data(contentsOf: URL(fileURLWithPath: root + "/k.nfc"))
        let force = creator.takesForce ? [[], ["--force"]] : [[]]
        for extra in force {
            // A dangling link: its target must not be created.
            let dangling = root + "/dangling-\(extra.count)"
            try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: root + "/created-target")
            let run = await home.run(creator.arguments(root, dangling) + extra)
            #expect(run.status == 1, "\(creator) \(extra): \(run.io.errorOutput)")
            #expect(run.io.errorOutput.contains("\(dangling) is a symbolic link"), "\(run.io.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: root + "/created-target"), "\(creator) \(extra)")
            // A link to a file: the file stays as it was.
            try Data("victim".utf8).write(to: URL(fileURLWithPath: root + "/victim"))
            let link = root + "/link-\(extra.count)"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "victim")
            let through = await home.run(creator.arguments(root, link) + extra)
            #expect(through.status == 1, "\(creator) \(extra): \(through.io.errorOutput)")
            #expect(through.io.errorOutput.contains("\(link) is a symbolic link"), "\(through.io.errorOutput)")
            #expect(try Self.text(root + "/victim") == "victim", "\(creator) \(extra)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "victim")
        }
        // Refused before the first ChangeKey: the tag is unchanged.
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/k.nfc")) == tagBefore)
    }

    @Test(arguments: creators) func anExistingFileIsReplacedOnlyWithForceKeepingItsMode(_ creator: Creator)
        async throws
    {
        let home = try await Self.home()
        defer { home.remove() }
        let root = home.path
        let out = root + "/out"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: out)
        let refused = await home.run(creator.arguments(root, out))
        #expect(refused.status != 0, "\(creator)")
        #expect(refused.io.errorOutput.contains(out), "\(refused.io.errorOutput)")
        #expect(try Self.text(out) == "mine", "\(creator)")
        guard creator.takesForce else { return }
        let forced = await home.run(creator.arguments(root, out) + ["--force"])
        #expect(forced.status == 0, "\(creator): \(forced.io.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != Data("mine".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o640, "\(creator)")
        // No temporary copy is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test func aPageFileThatIsADanglingLinkIsNotCreatedThrough() async throws {
        let home = try CLIHome("page-link")
        defer { home.remove() }
        let site = home.path + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: site + "/index.html", withDestinationPath: home.path + "/made")
        for extra in [[], ["--force"]] {
            let run = await home.run(["page", "--name", "Ada", "--out", site] + extra)
            #expect(run.status == 1, "\(run.io.errorOutput)")
            #expect(run.io.errorOutput.contains("index.html is a symbolic link"))
            #expect(!FileManager.default.fileExists(atPath: home.path + "/made"))
        }
    }

    @Test func aBatchManifestThatIsALinkIsRefused() async throws {
        let home = try CLIHome("manifest-link")
        defer { home.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: home.path + "/m.csv", withDestinationPath: home.path + "/made.csv")
        let manifest = BatchManifest(path: home.path + "/m.csv")
        #expect(throws: OutputFileError.symbolicLink(path: home.path + "/m.csv")) {
            try manifest.append(.init(row: 1, uid: "04:A1", bytes: 20, verified: true, status: "written", detail: ""))
        }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/made.csv"))
    }
}
