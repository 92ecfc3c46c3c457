import Foundation

/// The real tag images under `Tests/Fixtures/type2-real/` (see its README for their origin).
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/type2-real")

    static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return all.filter { $0.hasPrefix("real_") }.sorted()
    }

    static func text(_ name: String, _ file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name).appendingPathComponent(file), encoding: .utf8)
    }

    static func bytes(_ name: String, _ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(name).appendingPathComponent(file)))
    }

    /// `expected.json` as a dictionary.
    static func expected(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent(name).appendingPathComponent("expected.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}
