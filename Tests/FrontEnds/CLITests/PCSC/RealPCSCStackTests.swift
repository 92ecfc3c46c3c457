import Foundation
import Testing

/// The real PC/SC stack with no hardware: `scripts/pcsc/stack-test.sh` starts pcscd with the vpcd
/// driver in private namespaces, serves `tapcard emulate` as the card, and checks `tapcard`,
/// Python's pyscard and `pcsc_scan` against it through libpcsclite and pcscd. This test runs the
/// script and turns each of its "not ok" lines into a failure.
///
/// Skipped (with the script's printed reason) only where the stack cannot run — not root, not
/// Linux, packages missing — and then only when `TAPCARD_REQUIRE_PEERS` is unset; the test
/// command sets it, so there a missing stack fails.
@Suite struct RealPCSCStackTests {
    static let minimumChecks = 64

    @Test func tapcardPyscardAndPcscScanThroughPcscd() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/pcsc/stack-test.sh")
        let binary = try #require(Self.tapcardBinary(root: root), "tapcard is not built next to the tests")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, binary]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let status = process.terminationStatus

        if status == 77 {
            let reason = output.split(separator: "\n").first { $0.hasPrefix("SKIP") } ?? "SKIP"
            if ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"] != nil {
                Issue.record("The PC/SC stack is required here (TAPCARD_REQUIRE_PEERS) but was skipped: \(reason)")
            } else {
                print("RealPCSCStackTests skipped: \(reason)")
            }
            return
        }
        let lines = output.split(separator: "\n").map(String.init)
        for failure in lines where failure.hasPrefix("not ok") {
            Issue.record("\(failure)\n\(output)")
        }
        let passed = lines.filter { $0.hasPrefix("ok ") }.count
        #expect(status == 0, "stack-test.sh exited with \(status):\n\(output)")
        #expect(passed >= Self.minimumChecks, "only \(passed) checks ran:\n\(output)")
        #expect(lines.contains { $0.hasSuffix("all stopped") }, "processes may have been left behind:\n\(output)")
    }

    /// `tapcard` from the same build directory as the test bundle.
    static func tapcardBinary(root: URL) -> String? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tapcard").path
        let candidates = [beside, root.appendingPathComponent(".build/debug/tapcard").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
