import Foundation
import Store
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store survives its process being killed at any instant: a child records focus sessions in
/// a loop and is killed with SIGKILL at a random moment, a hundred times; after each kill the
/// file must pass `PRAGMA integrity_check`, hold no half-recorded session, and still hold every
/// change the child saw committed.
@Suite("Crash safety")
struct CrashSafetyTests {
    static let kills = 100

    @Test("SIGKILL at random moments, 100 times: integrity ok, nothing half-recorded, no commit lost")
    func killedWhileRecording() throws {
        let child = try #require(
            Self.childExecutable(), "store-crash-child was not built (run swift build --build-tests)")
        let directory = TemporaryDirectory()
        var random = SplitMix64(seed: 0xC2A5_4DB0_0000_0064)
        var survived = 0
        var aliveAtKill = 0
        var committedStarts = 0
        var database = directory.file("crash-0.sqlite")
        for round in 0..<Self.kills {
            let log = directory.file("round-\(round).log")
            // Every tenth round starts from a fresh file and kills without waiting, so some kills
            // land while the schema is being created and migrated.
            let early = round % 10 == 0
            if early { database = directory.file("crash-\(round).sqlite") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: child)
            process.arguments = [database, log]
            process.standardError = FileHandle.nullDevice
            try process.run()
            if early {
                usleep(UInt32.random(in: 0...40_000, using: &random))
            } else {
                // Once the child is in its recording loop, kill it a random moment later.
                Self.waitForFirstStart(log: log, process: process)
                usleep(UInt32.random(in: 0...20_000, using: &random))
            }
            if process.isRunning { aliveAtKill += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n") ?? []
            let started = Set(lines.filter { $0.hasPrefix("start ") }.compactMap { Int64($0.dropFirst(6)) })
            let ended = Set(lines.filter { $0.hasPrefix("end ") }.compactMap { Int64($0.dropFirst(4)) })
            committedStarts += started.count

            let store = try TapCardStore(path: database)
            let integrity = try store.integrityCheck()
            let problems = try store.consistencyProblems()
            let sessions = try store.sessions(profile: "crash")
            let ids = Set(sessions.map(\.id))
            let closed = Set(sessions.filter { $0.endedAt != nil }.map(\.id))
            #expect(integrity == ["ok"], "round \(round): integrity_check said \(integrity)")
            #expect(problems == [], "round \(round): \(problems)")
            #expect(started.isSubset(of: ids), "round \(round): a committed session start is missing")
            #expect(ended.isSubset(of: closed), "round \(round): a committed session end is missing")
            #expect(sessions.filter { $0.endedAt == nil }.count <= 1)
            if integrity == ["ok"] && problems.isEmpty && started.isSubset(of: ids) && ended.isSubset(of: closed) {
                survived += 1
            }
        }
        print(
            "crash safety: survived \(survived) of \(Self.kills) SIGKILLs (\(aliveAtKill) landed on a running child; \(committedStarts) committed session starts all found after the kills)"
        )
        #expect(survived == Self.kills)
        #expect(aliveAtKill > Self.kills / 2)
        #expect(committedStarts >= Self.kills - Self.kills / 10)
    }

    /// Waits (at most 10 s) until the child has committed its first session start.
    static func waitForFirstStart(log: String, process: Process) {
        for _ in 0..<10_000 {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("start ") { return }
            if !process.isRunning { return }
            usleep(1_000)
        }
    }

    /// The helper binary next to this test binary (or a few levels up, as in an .xctest bundle).
    static func childExecutable() -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directory = URL(fileURLWithPath: own).deletingLastPathComponent()
        }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("store-crash-child").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
