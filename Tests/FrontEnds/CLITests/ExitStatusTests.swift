import CommandLineKit
import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// Exit statuses come from one place, and the README's table, `tapcard --help` and the man page
/// say the same.
@Suite struct ExitStatusTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// Who decided gives the status: the input 65; TapCard, the tag or the radio 1; the platform
    /// (PC/SC, a reader, the data directory) 69. (Mutation audit, issue 29: mapping the platform
    /// to 1 passed every test.)
    @Test func theOriginDecidesTheStatus() {
        let expected: [(ErrorOrigin, CommandLineKit.ExitStatus)] = [
            (.input, .dataError), (.refusal, .failure), (.tag, .failure), (.transport, .failure),
            (.platform, .unavailable),
        ]
        for (origin, status) in expected {
            #expect(CommandLineKit.ExitStatus.of(origin: origin) == status, "\(origin)")
        }
        #expect(
            CommandLineKit.ExitStatus.unavailable.rawValue == 69 && CommandLineKit.ExitStatus.dataError.rawValue == 65)
    }

    @Test func theREADMETableIsTheTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let rows = text.split(separator: "\n").compactMap { line -> (Int32, String)? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 4, let status = Int32(cells[1]) else { return nil }
            return (status, cells[2])
        }
        #expect(rows.map(\.0) == ExitStatus.table.map(\.status))
        for (row, entry) in zip(rows, ExitStatus.table) {
            #expect(row.1 == entry.meaning, "status \(entry.status)")
        }
    }

    @Test func helpListsEveryStatus() async {
        let io = CheckedIO()
        #expect(await CLI.run(["--help"], io: io) == 0)
        for entry in ExitStatus.table {
            #expect(io.outputText.contains("  \(entry.status)"), "\(entry.status)")
        }
    }

    /// The list: a missing --tag file exits 66 (not 69), a missing --from-vcf or batch CSV
    /// 66 (not 65), /dev/null says what it is, a directory that does not exist names the file.
    @Test func fileErrorsNameTheFileAndTheCause() async throws {
        let home = NSTemporaryDirectory() + "tapcard-exit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        func run(_ arguments: [String]) async -> (Int32, String) {
            let io = CheckedIO(environment: ["TAPCARD_HOME": home])
            let status = await CLI.run(arguments, io: io)
            return (status, io.errorOutput)
        }
        let missingTag = await run(["read", "--tag", home + "/none.nfc"])
        #expect(missingTag.0 == 66)
        #expect(missingTag.1 == "error: Could not read \(home)/none.nfc: no such file.\n")
        let missingCard = await run(["vcard", "--from-vcf", home + "/none.vcf"])
        #expect(missingCard.0 == 66)
        let missingSheet = await run(["batch", "write", home + "/none.csv", "--on-error", "stop"])
        #expect(missingSheet.0 == 66, "\(missingSheet.1)")
        #expect(missingSheet.1.contains("none.csv': no such file"))
        let noDirectory = await run(["sim", "new", "ntag213", home + "/nodir/x.nfc"])
        #expect(noDirectory.0 == 74, "\(noDirectory.1)")
        #expect(noDirectory.1.contains("nodir"))
        #expect(!noDirectory.1.contains("Domain"))
        let devNull = await run(["decode", "--file", "/dev/null"])
        #expect(devNull.0 == 65, "\(devNull.1)")
    }
}
