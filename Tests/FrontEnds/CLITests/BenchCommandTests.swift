import Foundation
import NDEF
import TapCardCLI
import TapCardSupport
import Testing

/// `tapcard bench` in-process, at `--quick` sizes: every figure is present, the write figures
/// describe what the emulator did, and the emitted corpus is the seeded one. No assertion looks
/// at a wall-clock figure's value.
@Suite struct BenchCommandTests {
    static func run(_ arguments: [String]) async throws -> (Int32, [String: Any], CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(["bench"] + arguments, io: io)
        let object = try JSONSerialization.jsonObject(with: Data(io.output)) as? [String: Any] ?? [:]
        return (status, object, io)
    }

    @Test func jsonHasEveryFigure() async throws {
        let (status, json, _) = try await Self.run(["--quick", "--json", "--cold-start-runs", "0"])
        #expect(status == 0)
        let ndef = try #require(json["ndef"] as? [String: Any])
        #expect(ndef["corpus_messages"] as? Int == 200)
        for key in ["decode", "encode"] {
            let figure = try #require(ndef[key] as? [String: Any])
            #expect((figure["items"] as? Int ?? 0) >= 200)
            #expect(figure["per_second"] is Double)
            #expect(figure["megabytes_per_second"] is Double)
        }
        let vCard = try #require(json["vcard"] as? [String: Any])
        #expect(vCard["encode"] is [String: Any] && vCard["read"] is [String: Any])
        let batch = try #require(json["batch_provisioning"] as? [String: Any])
        #expect(batch["profiles"] as? Int == 20)
        #expect(batch["verified_writes"] as? Int == 20)
        let cold = try #require(json["cold_start"] as? [String: Any])
        #expect(cold["skipped"] as? String == "--cold-start-runs 0")
    }

    @Test func writeFiguresDescribeTheEmulatedTag() async throws {
        let (_, json, _) = try await Self.run(["--quick", "--json", "--cold-start-runs", "0"])
        let writes = try #require(json["type2_write_verify"] as? [String: Any])
        let fresh = try #require(writes["fresh"] as? [String: Any])
        let identical = try #require(writes["identical_rewrite"] as? [String: Any])
        let oneField = try #require(writes["one_field_change"] as? [String: Any])
        #expect(fresh["message_bytes"] as? Int == 137)
        for figures in [fresh, identical, oneField] {
            #expect(figures["verified"] as? Bool == true)
            let modeled = try #require(figures["modeled_air_time_ms"] as? Double)
            let minimum = try #require(figures["physical_minimum_ms"] as? Double)
            // The workflow can never beat the physical minimum for the same change.
            #expect(modeled >= minimum)
            #expect((figures["pages_written"] as? Int ?? -1) >= (figures["pages_changed"] as? Int ?? 0))
        }
        // A 137-byte message (plus its TLV header) fills the NTAG213's data area after the factory
        // Lock Control TLV, so nearly every data page changes on a fresh tag.
        #expect((fresh["pages_changed"] as? Int ?? 0) > 30)
        #expect(identical["pages_changed"] as? Int == 0)
        // The phone number's digits sit in one or two pages.
        #expect((oneField["pages_changed"] as? Int ?? 0) >= 1)
        #expect((oneField["pages_changed"] as? Int ?? 0) <= 2)
    }

    @Test func tableNamesTheBuildAndEveryRow() async throws {
        let io = CheckedIO()
        #expect(await CLI.run(["bench", "--quick", "--cold-start-runs", "0"], io: io) == 0)
        let text = io.outputText
        for row in [
            "NDEF decode", "NDEF encode", "vCard encode", "vCard read", "NTAG213 write+verify 137 B",
            "identical rewrite", "one field changed", "batch provisioning", "cold start",
        ] {
            #expect(text.contains(row), "missing row \(row)")
        }
        #expect(text.contains("modeled"))
    }

    @Test func emittedCorpusIsSeededAndDecodes() async throws {
        let first = CheckedIO()
        #expect(await CLI.run(["bench", "--emit-corpus", "--messages", "300", "--seed", "7"], io: first) == 0)
        let again = CheckedIO()
        #expect(await CLI.run(["bench", "--emit-corpus", "--messages", "300", "--seed", "7"], io: again) == 0)
        let other = CheckedIO()
        #expect(await CLI.run(["bench", "--emit-corpus", "--messages", "300", "--seed", "8"], io: other) == 0)
        #expect(first.output == again.output)
        #expect(first.output != other.output)
        let lines = first.outputText.split(separator: "\n")
        #expect(lines.count == 300)
        var kinds: Set<String> = []
        for line in lines {
            let message = try NDEFMessage.decode(try Hex.decode(line))
            for record in message.records { kinds.insert(record.view.kind) }
        }
        // The realistic mix: links, texts, vCards, smart posters, Android application records.
        #expect(kinds.isSuperset(of: ["uri", "text", "mime", "smartposter", "aar"]))
    }

    @Test func badSizesAreUsageErrors() async {
        for arguments in [["--messages", "0"], ["--profiles", "-3"], ["--cold-start-runs", "-1"], ["--bogus"]] {
            let io = CheckedIO()
            #expect(await CLI.run(["bench"] + arguments, io: io) == 64, "\(arguments)")
            #expect(io.errorOutput.hasPrefix("error: "))
        }
    }
}
