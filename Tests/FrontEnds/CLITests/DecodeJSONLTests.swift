import Foundation
import NDEF
import TapCardSupport
import TestSupport
import Testing

@testable import TapCardCLI

@Suite("tapcard decode --jsonl")
struct DecodeJSONLTests {
    @Test("One output line per input line; invalid lines give {error, offset}; exit 65 when any is invalid")
    func mixed() async {
        let lines = [
            "D1010C55046578616D706C652E636F6D",
            "D1 01 01 55 00 FE",
            "zz",
            "D00000",
            "",
        ]
        let io = CheckedIO(input: Array((lines.joined(separator: "\n") + "\n").utf8))
        let status = await CLI.run(["decode", "--jsonl"], io: io)
        #expect(status == 65)
        let out = io.outputText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(out.count == lines.count + 1)
        #expect(out[0].hasPrefix(#"{"schema_version":1,"records":[{"tnf":1,"type":"U""#))
        #expect(
            out[1]
                == #"{"schema_version":1,"error":{"message":"1 byte follows the record with the ME (message end) flag.","origin":"input","offset":5}}"#
        )
        #expect(
            out[2].hasPrefix(#"{"schema_version":1,"error":{"message":"The input is not hex text"#)
                && out[2].hasSuffix(#","offset":0}}"#))
        #expect(
            out[3]
                == #"{"schema_version":1,"records":[{"tnf":0,"type":"","id":"","payload_hex":"","view":{"kind":"empty"}}]}"#
        )
        #expect(
            out[4]
                == #"{"schema_version":1,"error":{"message":"The input is empty; an NDEF message has at least one record.","origin":"input","offset":0}}"#
        )
        #expect(io.errorOutput == "error: 3 of 5 lines did not hold a valid NDEF message.\n")
    }

    @Test("All valid lines: exit 0; CRLF line ends accepted; - and a FILE read the same")
    func allValid() async throws {
        let message = NDEFMessage(records: [.text("x")])
        let text = Array((Hex.encode(message.encoded()) + "\r\n" + Hex.encode(message.encoded())).utf8)
        let io = CheckedIO(input: text)
        #expect(await CLI.run(["decode", "--jsonl", "-"], io: io) == 0)
        #expect(io.outputText.split(separator: "\n").count == 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-jsonl-\(getpid()).txt")
        try Data(text).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let fileIO = CheckedIO()
        #expect(await CLI.run(["decode", "--jsonl", path.path], io: fileIO) == 0)
        #expect(fileIO.output == io.output)
        let equalsIO = CheckedIO()
        #expect(await CLI.run(["decode", "--jsonl", path.path], io: equalsIO) == 0)
        #expect(equalsIO.output == io.output)
    }

    /// `count` lines of hex, each a random byte string of 0 to 4096 bytes (seeded).
    static func randomLines(count: Int) -> [UInt8] {
        var random = SplitMix64(seed: 0x1A5E_0001)
        let digits = Array("0123456789abcdef".utf8)
        var input: [UInt8] = []
        input.reserveCapacity(42_000_000)
        for index in 0..<count {
            let length = Int(random.next() % 4097)
            var word: UInt64 = 0
            for position in 0..<length {
                if position % 8 == 0 { word = random.next() }
                var byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(position % 8)))
                // Every fourth line starts like a record so the parser goes deeper than the first byte.
                if position == 0 && index % 4 == 0 { byte = 0xD0 | (byte & 0x0F) }
                input.append(digits[Int(byte >> 4)])
                input.append(digits[Int(byte & 0x0F)])
            }
            input.append(0x0A)
        }
        return input
    }

    @Test("The built tapcard binary decodes the same 10 000 random lines without crashing")
    func builtBinary() throws {
        // The test executable sits next to the products of `swift build --build-tests`.
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("tapcard") }
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            print("tapcard binary not found next to \(directory.path); the in-process run above covers the code")
            return
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-bulk-\(getpid()).txt")
        try Data(Self.randomLines(count: 10_000)).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["decode", "--jsonl", path.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // 65: some lines are invalid (nearly all random strings are); a crash would be a signal.
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 65)
        #expect(data.split(separator: 0x0A).count == 10_000)
    }

    @Test("10 000 random byte strings up to 4 KiB in one run: no crash, one JSON object per line")
    func randomBulk() async {
        let count = 10_000
        let input = Self.randomLines(count: count)
        let io = CheckedIO(input: input)
        let status = await CLI.run(["decode", "--jsonl"], io: io)
        let lines = io.outputText.split(separator: "\n")
        #expect(lines.count == count)
        #expect(
            lines.allSatisfy {
                $0.hasPrefix(#"{"schema_version":1,"records":"#) || $0.hasPrefix(#"{"schema_version":1,"error":"#)
            })
        #expect(status == 65 || status == 0)
        // Each line is one JSON object Foundation can parse (checked on a sample to keep it quick).
        for line in lines.prefix(200) {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any])
        }
    }
}
