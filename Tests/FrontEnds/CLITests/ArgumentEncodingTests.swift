import Foundation
import TapCardCLI
import Testing

/// Text that is not UTF-8 is refused (65) before anything is created or sent, by the same rule
/// `decode` applies to a record (``NDEF/UnicodeText``): `write text "caf\xE9"` wrote U+FFFD
/// (`EF BF BD`) to the tag, exited 0 and said "Verified"; `encode text` printed the repaired text.
@Suite struct ArgumentEncodingTests {
    func home() throws -> String { try CLIHome("utf8").path }

    static let latin1Cafe: [UInt8] = [0x63, 0x61, 0x66, 0xE9]

    @Test(arguments: [
        [Array("write".utf8), Array("text".utf8), latin1Cafe],
        [Array("write".utf8), Array("uri".utf8), Array("https://example.com/".utf8) + latin1Cafe],
        [Array("encode".utf8), Array("text".utf8), latin1Cafe],
        [Array("card".utf8), Array("--name".utf8), [0x41, 0xC3]],
        [Array("write".utf8), Array("text".utf8), [0xED, 0xA0, 0x80]],
    ])
    func anArgumentThatIsNotUTF8IsRefusedBeforeAnythingIsCreated(_ arguments: [[UInt8]]) async throws {
        let home = try home()
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        // `encode` prints NDEF hex and takes no --json.
        let json = arguments[0] != Array("encode".utf8)
        let status = await CLI.run(rawArguments: arguments + (json ? [Array("--json".utf8)] : []), io: io)
        #expect(status == 65, "\(io.errorOutput)")
        #expect(io.errorOutput.contains("is not UTF-8 text"))
        #expect(!json || io.outputText.contains("\"origin\":\"input\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty, "a file was created")
    }

    @Test func validUTF8GoesThrough() async throws {
        let home = try home()
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(
            rawArguments: [Array("encode".utf8), Array("text".utf8), Array("café".utf8)], io: io)
        #expect(status == 0, "\(io.errorOutput)")
    }

    /// A wrong command line is the usage error (64) it would be with UTF-8 bytes: an unknown
    /// command, subcommand or option is not text for a tag. Before, `tapcard "bo\xFFgus"` gave 65.
    @Test(arguments: [
        [[0x62, 0x6F, 0xFF, 0x67, 0x75, 0x73]],
        [Array("sim".utf8), [0x6E, 0x65, 0xFF]],
        [Array("write".utf8), Array("text".utf8), Array("hi".utf8), [0x2D, 0x2D, 0x66, 0xFF]],
        [Array("--quiet".utf8), [0xFF]],
    ])
    func aWrongCommandLineIsAUsageErrorWhateverItsBytes(_ arguments: [[UInt8]]) async throws {
        let home = try home()
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(rawArguments: arguments + [Array("--json".utf8)], io: io)
        #expect(status == 64, "\(io.errorOutput)")
        #expect(!io.errorOutput.contains("is not UTF-8 text"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty, "a file was created")
    }
}
