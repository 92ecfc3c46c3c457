import Foundation
import Testing

/// The test clock is compiled into debug builds only: the release binary must ignore
/// `TAPCARD_TEST_NOW`, or an hour "ahead" would end a 30-minute minimum at once (issue 17).
/// This builds the release binary once (reusing `.build/release/tapcard` when it is newer than
/// every source file; scripts/test.sh builds it before the tests) and runs it. Set
/// `TAPCARD_SKIP_RELEASE_BUILD=1` to skip it in a quick local run.
@Suite("Release build ignores the test clock")
struct ReleaseClockTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(
        "The release tapcard stamps a pairing with the real time, not TAPCARD_TEST_NOW",
        .enabled(if: ProcessInfo.processInfo.environment["TAPCARD_SKIP_RELEASE_BUILD"] == nil))
    func releaseIgnoresTestNow() throws {
        let binary = try Self.releaseBinary()
        let home = NSTemporaryDirectory() + "tapcard-release-clock-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let before = Date()
        let output = try Self.run(
            binary, ["focus", "pair", "--json"],
            environment: ["TAPCARD_HOME": home, "TAPCARD_TEST_NOW": "1000000000"])
        // 1000000000 is 2001-09-09; a release binary must not have heard of it.
        #expect(!output.contains("2001-09-09"), "\(output)")
        let year = Calendar(identifier: .gregorian).component(.year, from: before)
        #expect(output.contains(#""paired_at":"\#(year)-"#), "\(output)")
    }

    /// The control: the debug binary built with the tests does honour the variable, so the
    /// release check above tells the two builds apart rather than passing on a broken variable.
    @Test(
        "The debug tapcard stamps a pairing with TAPCARD_TEST_NOW",
        .enabled(if: FileManager.default.isExecutableFile(atPath: debugBinary)))
    func debugHonoursTestNow() throws {
        let home = NSTemporaryDirectory() + "tapcard-debug-clock-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let output = try Self.run(
            Self.debugBinary, ["focus", "pair", "--json"],
            environment: ["TAPCARD_HOME": home, "TAPCARD_TEST_NOW": "1000000000"])
        #expect(output.contains(#""paired_at":"2001-09-09T01:46:40Z""#), "\(output)")
    }

    /// The same for the fixed PICCData padding (`TAPCARD_TEST_SDM_PADDING`, the transcripts'
    /// hook): two copies of one SUN tag read once each serve the same URL from a debug binary given
    /// the variable, and different URLs (random padding, as a real chip's) without it or from the
    /// release binary.
    @Test(
        "The debug tapcard pads PICCData with TAPCARD_TEST_SDM_PADDING; without it, random padding",
        .enabled(if: FileManager.default.isExecutableFile(atPath: debugBinary)))
    func debugHonoursSDMPadding() throws {
        let fixed = try Self.piccDataOfTwoCopies(Self.debugBinary, padding: "a55aa55aa55aa55a")
        #expect(fixed.0 == fixed.1 && fixed.0.count == 32, "\(fixed)")
        let random = try Self.piccDataOfTwoCopies(Self.debugBinary, padding: nil)
        #expect(random.0 != random.1 && random.0.count == 32, "\(random)")
    }

    @Test(
        "The release tapcard ignores TAPCARD_TEST_SDM_PADDING: PICCData padding stays random",
        .enabled(if: ProcessInfo.processInfo.environment["TAPCARD_SKIP_RELEASE_BUILD"] == nil))
    func releaseIgnoresSDMPadding() throws {
        let urls = try Self.piccDataOfTwoCopies(try Self.releaseBinary(), padding: "a55aa55aa55aa55a")
        #expect(urls.0 != urls.1 && urls.0.count == 32, "\(urls)")
    }

    /// Sets up SDM on an NTAG 424 DNA, copies the tag file, reads each copy once (the same UID and
    /// read counter) and returns the two encrypted PICCData values.
    static func piccDataOfTwoCopies(_ binary: String, padding: String?) throws -> (String, String) {
        let home = NSTemporaryDirectory() + "tapcard-sdm-padding-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        var environment = ["TAPCARD_HOME": home]
        if let padding { environment["TAPCARD_TEST_SDM_PADDING"] = padding }
        let first = home + "/a.tag"
        let second = home + "/b.tag"
        try run(binary, ["sim", "new", "ntag424", first, "--uid", "04A1B2C3D4E5F6"], environment: environment)
        try run(
            binary,
            ["ntag424", "sdm", "setup", "--tag", first, "--url-template", "https://example.com/?e={picc}&c={mac}"],
            environment: environment)
        try FileManager.default.copyItem(atPath: first, toPath: second)
        func piccData(_ tag: String) throws -> String {
            let output = try run(binary, ["read", "--tag", tag], environment: environment)
            guard let range = output.range(of: #"\?e=[0-9A-F]+"#, options: .regularExpression) else { return output }
            return String(output[range].dropFirst(3))
        }
        return (try piccData(first), try piccData(second))
    }

    static let debugBinary = root.appendingPathComponent(".build/debug/tapcard").path

    /// `.build/release/tapcard` when it is newer than every source file, else a fresh release build
    /// in its own scratch directory (the tests' build directory is locked while they run). The
    /// optimizer is off (`-Onone`, as in scripts/test.sh): the test clock hangs on the build
    /// configuration, not the optimization level, and an optimized build costs CI about 3.5 minutes.
    static func releaseBinary() throws -> String {
        let shipped = root.appendingPathComponent(".build/release/tapcard").path
        if let built = modified(shipped), newestSource() < built { return shipped }
        let scratch = root.appendingPathComponent(".build/release-clock-test").path
        _ = try run(
            "/usr/bin/env",
            [
                "swift", "build", "-c", "release", "--product", "tapcard", "-Xswiftc", "-Onone", "--scratch-path",
                scratch,
            ],
            environment: [:], directory: root.path)
        return scratch + "/release/tapcard"
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func newestSource() -> Date {
        var newest = modified(root.appendingPathComponent("Package.swift").path) ?? .distantFuture
        let sources = root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(
            at: sources, includingPropertiesForKeys: [.contentModificationDateKey])
        while let url = walker?.nextObject() as? URL {
            if let date = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate {
                newest = max(newest, date)
            }
        }
        return newest
    }

    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
