import NDEF
import TapCardSupport

/// `tapcard bench` as one call: the corpus, then every measurement in turn, in one report. Any
/// front end can run it; the figures say which are measured (throughput, cold start) and which
/// are modeled from datasheet timing (air time).
public enum Benchmark {
    /// What to run and how much of it.
    public struct Settings: Sendable {
        /// The corpus seed: the same seed gives the same messages and profiles.
        public var seed: UInt64 = Benchmark.defaultSeed
        /// NDEF messages in the codec corpus.
        public var messages: Int
        /// Contact profiles for the vCard and batch-provisioning figures.
        public var profiles: Int
        /// Fewer and shorter rounds, for a smoke test (figures from it are not for comparing).
        public var quick: Bool
        /// `tapcard --version` spawns for the cold-start figure; 0 skips it.
        public var coldStartRuns: Int
        /// The binary to time; `nil` for the running program when it is `tapcard`.
        public var binary: String?

        /// The defaults: 10,000 messages and profiles and 30 cold starts, or 200, 20 and 3 when `quick`.
        public init(quick: Bool) {
            self.quick = quick
            messages = quick ? 200 : 10_000
            profiles = quick ? 20 : 10_000
            coldStartRuns = quick ? 3 : 30
        }
    }

    public static let defaultSeed = BenchCorpus.defaultSeed

    /// The codec corpus, as `decode --jsonl` reads it.
    public static func corpus(count: Int, seed: UInt64) -> [NDEFMessage] {
        BenchCorpus.messages(count: count, seed: seed)
    }

    /// Runs every measurement once, in the order the table shows them.
    public static func run(_ settings: Settings) async throws -> BenchReport {
        let messages = corpus(count: settings.messages, seed: settings.seed)
        var random = BenchRandom(seed: settings.seed ^ 0x5EED)
        let profiles = (0..<max(settings.profiles, 1)).map { _ in BenchCorpus.profile(&random) }
        let codec = CodecBench.run(
            messages: messages, profiles: Array(profiles.prefix(2_000)), minimumSeconds: settings.quick ? 0.02 : 1.0)
        let writes = try await WriteBench.run()
        let type4Writes = try await Type4WriteBench.run()
        let type3Writes = try await Type3WriteBench.run()
        let type5Writes = try await Type5WriteBench.run()
        let batch = await BatchBench.run(profiles: Array(profiles.prefix(settings.profiles)))
        let binary = settings.binary ?? ColdStartBench.ownBinary()
        let runs = settings.coldStartRuns
        let coldStart = runs > 0 ? binary.map { ColdStartBench.run(binary: $0, runs: runs) } : nil
        return BenchReport(
            seed: settings.seed, codec: codec, writes: writes, type4Writes: type4Writes, type5Writes: type5Writes,
            batch: batch, coldStart: coldStart,
            coldStartSkipped: runs == 0
                ? "--cold-start-runs 0" : (binary == nil ? "not running from the tapcard binary; pass --binary" : nil),
            type3Writes: type3Writes)
    }
}
