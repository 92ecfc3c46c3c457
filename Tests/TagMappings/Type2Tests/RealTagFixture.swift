import Foundation
import TagCatalog
import TapCardSupport

/// One folder of `Tests/Fixtures/type2-real/` (copied from the shared fixture set; provenance in
/// each `expected.json` under `source`).
struct RealTagFixture {
    let name: String
    let memory: [UInt8]
    let expected: [String: Any]
    /// The `Mifare version:` line of the Flipper file: the tag's GET_VERSION answer.
    let version: [UInt8]?

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/type2-real")

    static func all() throws -> [RealTagFixture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            .filter { !$0.hasSuffix(".md") }
        return try names.map(load)
    }

    static func load(_ name: String) throws -> RealTagFixture {
        let folder = directory.appendingPathComponent(name)
        let memory = [UInt8](try Data(contentsOf: folder.appendingPathComponent("dump.bin")))
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        let source = try String(contentsOf: folder.appendingPathComponent("source.nfc"), encoding: .utf8)
        var version: [UInt8]?
        for line in source.split(separator: "\n") where line.hasPrefix("Mifare version:") {
            version = try Hex.decode(line.dropFirst("Mifare version:".count))
        }
        return RealTagFixture(name: name, memory: memory, expected: json as? [String: Any] ?? [:], version: version)
    }

    func string(_ key: String) -> String? { expected[key] as? String }
    func int(_ key: String) -> Int? { expected[key] as? Int }
    func bool(_ key: String) -> Bool? { expected[key] as? Bool }
}
