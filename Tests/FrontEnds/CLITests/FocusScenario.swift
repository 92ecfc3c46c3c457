import Foundation
import TapCardCLI

/// A scratch data directory and virtual tags for CLI focus tests. Time is fixed per command via
/// `TAPCARD_TEST_NOW`; the tests never wait for the wall clock.
final class FocusScenario {
    let home: String
    var now: Double = 1_800_000_000

    init() {
        home = NSTemporaryDirectory() + "tapcard-focus-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: home) }

    func path(_ name: String) -> String { home + "/" + name }

    /// Writes a virtual NTAG213 (Flipper Zero .nfc text) with `uid` and a one-record NDEF message.
    @discardableResult
    func makeTag(_ name: String, uid: String, model: String = "NTAG213", text: String = "hello") -> String {
        var pages = ["04 00 00 00", "00 00 00 00", "00 48 00 00", "E1 10 12 00"]
        let payload = Array(text.utf8)
        var ndef: [UInt8] = [0x03, UInt8(payload.count + 7), 0xD1, 0x01, UInt8(payload.count + 3), 0x54, 0x02]
        ndef += Array("en".utf8) + payload + [0xFE]
        while ndef.count % 4 != 0 { ndef.append(0) }
        for start in stride(from: 0, to: ndef.count, by: 4) {
            pages.append(ndef[start..<start + 4].map { String(format: "%02X", $0) }.joined(separator: " "))
        }
        while pages.count < 45 { pages.append("00 00 00 00") }
        var file = """
            Filetype: Flipper NFC device
            Version: 4
            Device type: NTAG/Ultralight
            UID: \(uid)
            ATQA: 00 44
            SAK: 00
            NTAG/Ultralight type: \(model)
            Pages total: 45

            """
        for (index, page) in pages.enumerated() { file += "Page \(index): \(page)\n" }
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(file.utf8))
        return path(name)
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `tapcard` in-process with this data directory, at `now`.
    func run(_ arguments: [String]) async -> Result {
        let io = CapturedIO(environment: ["TAPCARD_HOME": home, "TAPCARD_TEST_NOW": String(now)])
        let status = await CLI.run(arguments, io: io)
        return Result(status: status, output: io.outputText, error: io.errorOutput)
    }

    func advance(minutes: Double) { now += minutes * 60 }
}
