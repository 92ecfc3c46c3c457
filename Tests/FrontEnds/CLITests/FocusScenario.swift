import Foundation
import TapCardCLI

/// A scratch data directory and virtual tags for CLI focus tests. Time is fixed per command via
/// `TAPCARD_TEST_NOW`; the tests never wait for the wall clock.
final class FocusScenario {
    let home: String
    var now: Double = 1_800_000_000
    /// `TAPCARD_TEST_MONOTONIC` (`BOOT-ID:SECONDS`) for the next commands; `nil`: none.
    var monotonic: String?

    init() {
        home = NSTemporaryDirectory() + "tapcard-focus-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: home) }

    func path(_ name: String) -> String { home + "/" + name }

    /// Writes a virtual NTAG213 (Flipper Zero .nfc text) with `uid` and a one-record NDEF message.
    @discardableResult
    func makeTag(_ name: String, uid: String, model: String = "NTAG213", text: String = "hello") -> String {
        // Pages 0–2 hold the UID with its check bytes (NTAG213 datasheet §8.5.1:
        // BCC0 = 0x88 ⊕ UID0 ⊕ UID1 ⊕ UID2, BCC1 = UID3 ⊕ UID4 ⊕ UID5 ⊕ UID6).
        let u = uid.split(separator: " ").compactMap { UInt8($0, radix: 16) }
        let bcc0 = 0x88 ^ u[0] ^ u[1] ^ u[2]
        let bcc1 = u[3] ^ u[4] ^ u[5] ^ u[6]
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined(separator: " ") }
        var pages = [hex([u[0], u[1], u[2], bcc0]), hex(Array(u[3...6])), hex([bcc1, 0x48, 0, 0]), "E1 10 12 00"]
        let payload = Array(text.utf8)
        var ndef: [UInt8] = [0x03, UInt8(payload.count + 7), 0xD1, 0x01, UInt8(payload.count + 3), 0x54, 0x02]
        ndef += Array("en".utf8) + payload + [0xFE]
        while ndef.count % 4 != 0 { ndef.append(0) }
        for start in stride(from: 0, to: ndef.count, by: 4) {
            pages.append(ndef[start..<start + 4].map { String(format: "%02X", $0) }.joined(separator: " "))
        }
        let total = model == "NTAG215" ? 135 : model == "NTAG216" ? 231 : 45
        while pages.count < total { pages.append("00 00 00 00") }
        // A virtual tag as TapCard writes one (its comment, the header's signature and counters),
        // so that it is not another tool's dump lacking them.
        var file = """
            Filetype: Flipper NFC device
            Version: 4
            # TapCard virtual tag: the emulator reads and writes this file.
            Device type: NTAG/Ultralight
            UID: \(uid)
            ATQA: 00 44
            SAK: 00
            NTAG/Ultralight type: \(model)
            Signature: \(hex([UInt8](repeating: 0, count: 32)))
            Counter 0: 0
            Tearing 0: 00
            Counter 1: 0
            Tearing 1: 00
            Counter 2: 0
            Tearing 2: BD
            Pages total: \(total)

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
        var environment = ["TAPCARD_HOME": home, "TAPCARD_TEST_NOW": String(now)]
        if let monotonic { environment["TAPCARD_TEST_MONOTONIC"] = monotonic }
        let io = CheckedIO(environment: environment)
        let status = await CLI.run(arguments, io: io)
        return Result(status: status, output: io.outputText, error: io.errorOutput)
    }

    func advance(minutes: Double) { now += minutes * 60 }
}
