import Foundation

/// The inputs a fuzz target ever broke, kept under `Tests/Fixtures/fuzz-regressions/<target>/`, one
/// file each, named by libFuzzer (`crash-<sha1>`). Each owning test target replays them.
public enum FuzzRegressions {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions")

    /// The input names for `target`, sorted (empty when the folder is missing).
    public static func names(_ target: String) -> [String] {
        let folder = root.appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The bytes of input `name` of `target`.
    public static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(target).appendingPathComponent(name)))
    }
}
