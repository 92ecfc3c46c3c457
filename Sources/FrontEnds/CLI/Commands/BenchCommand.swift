import Benchmarks
import CommandLineKit
import NDEF
import TapCardSupport

/// `tapcard bench`: codec throughput, write-and-verify against the physical minimum, batch
/// provisioning and cold start, as a table or one JSON object.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Measure codec throughput, tag write efficiency, batch provisioning and start-up."
    static let options: [OptionSpec] = [
        .json, .flag("--quick", "A short run (fewer messages)."),
        .flag("--emit-corpus", "Print the seeded corpus instead of measuring."),
        .value("--messages", "N", "Messages in the codec corpus."),
        .value("--profiles", "N", "Contact profiles in the card corpus."),
        .value("--seed", "N", "The corpus seed."),
        .value("--cold-start-runs", "N", "Process starts to time."),
        .value("--binary", "PATH", completion: .file, "The tapcard binary to time (default: this one)."),
    ]
    static let help = """
        Usage: tapcard bench [--json] [--quick] [--seed N] [--messages N] [--profiles N]
                             [--cold-start-runs N] [--binary PATH]
               tapcard bench --emit-corpus [--seed N] [--messages N]

        Measures, on a seeded corpus (the same on every machine for the same seed):
          NDEF decode and encode   messages/s and MB/s over realistic messages (links, texts,
                                   vCards, smart posters, multi-record); decode includes every
                                   record's typed view, as 'tapcard decode' does
          vCard encode and read    cards/s and MB/s
          Type 2 write-and-verify  a 137-byte vCard on an emulated NTAG213: commands, pages
                                   written, modeled air time, and the physical minimum (pages
                                   that must change x one WRITE exchange + one FAST_READ of the
                                   NDEF TLV), with the ratio; then the identical message again
                                   and the card with its phone number changed
          Type 4 write-and-verify  250 bytes on an emulated NTAG 424 DNA and 1000 on a generic
                                   T4T: commands against the minimum, UPDATE and READ BINARY,
                                   modeled air time (Type4Timing)
          Type 3 write-and-verify  100 and 208 bytes on an emulated FeliCa Lite-S: commands
                                   against the minimum, Update and Check, modeled air time
                                   (Type3Timing)
          Type 5 write-and-verify  a 137-byte message on an emulated ICODE SLIX2 and ST25DV04K:
                                   commands, WRITE SINGLE BLOCK against the least the TLV needs,
                                   reads, modeled air time (Type5Timing)
          batch provisioning       N profiles -> verified writes on emulated NTAG215s, per second
          cold start               'tapcard --version' vs /bin/true, spawned alternately (median)

        Air times are modeled from datasheet timing, not measured. Throughput and
        start-up are wall-clock measurements on this machine: build with scripts/build-release.sh
        (release, and on Linux a static Swift runtime) for figures worth quoting (a debug build or
        a shared runtime says so in the output).

        Options:
          --json               One JSON object instead of the table.
          --quick              Small sizes and short loops (a smoke test, not figures).
          --seed N             Corpus seed (default \(Benchmark.defaultSeed)).
          --messages N         NDEF corpus size (default 10000).
          --profiles N         Batch provisioning size (default 10000).
          --cold-start-runs N  Spawns of each program (default 30; 0 skips).
          --binary PATH        The tapcard binary to spawn (default: this process's executable).
          --emit-corpus        Print the NDEF corpus as hex, one message per line (the input of
                               'tapcard decode --jsonl' and scripts/bench-peers.sh), and stop.

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        var settings = Benchmark.Settings(quick: arguments.flag("--quick"))
        let emit = arguments.flag("--emit-corpus")
        settings.seed = try arguments.integer("--seed").map { UInt64(bitPattern: Int64($0)) } ?? settings.seed
        settings.messages = try positive(arguments.integer("--messages"), "--messages") ?? settings.messages
        settings.profiles = try positive(arguments.integer("--profiles"), "--profiles") ?? settings.profiles
        settings.coldStartRuns = try arguments.integer("--cold-start-runs") ?? settings.coldStartRuns
        settings.binary = try arguments.option("--binary")
        try arguments.finish()
        guard settings.coldStartRuns >= 0 else {
            throw UsageError("--cold-start-runs takes 0 or more.", command: name)
        }
        if emit {
            var out: [UInt8] = []
            for message in Benchmark.corpus(count: settings.messages, seed: settings.seed) {
                out.append(contentsOf: Hex.encode(message.encoded()).utf8)
                out.append(0x0A)
                if out.count >= 1 << 16 {
                    io.write(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            io.write(out)
            return .success
        }
        let report = try await Benchmark.run(settings)
        if json {
            io.printJSON(report.json)
        } else {
            io.write(Array(report.table.utf8))
        }
        return .success
    }

    private static func positive(_ value: Int?, _ option: String) throws(UsageError) -> Int? {
        guard let value else { return nil }
        guard value > 0 else { throw UsageError("\(option) takes a number above 0.", command: name) }
        return value
    }
}
