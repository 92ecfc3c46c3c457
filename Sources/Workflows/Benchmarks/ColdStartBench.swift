import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process start-up: `tapcard --version` against `/bin/true`, spawned alternately so both see the
/// same machine load, each run timed from spawn to exit. The median is the figure; the minimum
/// shows the floor.
enum ColdStartBench {
    struct Sample {
        var medianMicroseconds: Double
        var minimumMicroseconds: Double
        var failures: Int

        var json: JSON {
            .object([
                ("median_ms", .double((medianMicroseconds / 10).rounded() / 100)),
                ("min_ms", .double((minimumMicroseconds / 10).rounded() / 100)),
                ("failures", .int(failures)),
            ])
        }
    }

    struct Result {
        var runs: Int
        var binary: String
        var tapcard: Sample
        var baseline: Sample
        /// How this binary links the Swift runtime and Foundation: "static", "shared" or "unknown".
        var swiftRuntime: String = ColdStartBench.swiftRuntimeLinkage()

        var differenceMicroseconds: Double { tapcard.medianMicroseconds - baseline.medianMicroseconds }

        var json: JSON {
            .object([
                ("runs", .int(runs)), ("binary", .string(binary)), ("swift_runtime", .string(swiftRuntime)),
                ("tapcard_version", tapcard.json),
                ("bin_true", baseline.json),
                ("difference_ms", .double((differenceMicroseconds / 10).rounded() / 100)),
            ])
        }
    }

    /// "shared" when this process mapped `libswiftCore.so` (a plain `swift build`), "static" when it
    /// did not (`--static-swift-stdlib`, how the shipped Linux binary is built), "unknown" where
    /// `/proc` does not exist.
    static func swiftRuntimeLinkage() -> String {
        #if os(Linux)
            guard let file = fopen("/proc/self/maps", "r") else { return "unknown" }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 4096)
            while fgets(&line, Int32(line.count), file) != nil {
                if strstr(line, "libswiftCore.so") != nil { return "shared" }
            }
            return "static"
        #else
            return "shared"
        #endif
    }

    /// The running executable, when it is the `tapcard` binary (not a test runner).
    static func ownBinary() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            guard let path = CommandLine.arguments.first, path.contains("/") else { return nil }
        #endif
        return path.hasSuffix("/tapcard") ? path : nil
    }

    static func run(binary: String, runs: Int) -> Result {
        var ours: [Double] = []
        var theirs: [Double] = []
        var ourFailures = 0
        var theirFailures = 0
        for _ in 0..<runs {
            if let time = spawn([binary, "--version"]) { ours.append(time) } else { ourFailures += 1 }
            if let time = spawn(["/bin/true"]) { theirs.append(time) } else { theirFailures += 1 }
        }
        return Result(
            runs: runs, binary: binary, tapcard: sample(ours, failures: ourFailures),
            baseline: sample(theirs, failures: theirFailures))
    }

    static func sample(_ times: [Double], failures: Int) -> Sample {
        let sorted = times.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        return Sample(medianMicroseconds: median, minimumMicroseconds: sorted.first ?? 0, failures: failures)
    }

    /// Microseconds from spawn to exit with status 0, standard output to /dev/null; `nil` when
    /// the program could not run or failed.
    static func spawn(_ arguments: [String]) -> Double? {
        // On Darwin the type is an opaque pointer that _init fills in (the functions take
        // `posix_spawn_file_actions_t?`); on Glibc it is a struct.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return nil }
        let elapsed = BenchClock.seconds(clock.now - start) * 1e6
        // WIFEXITED && WEXITSTATUS == 0, spelled out (the macros are not imported).
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0 ? elapsed : nil
    }
}
