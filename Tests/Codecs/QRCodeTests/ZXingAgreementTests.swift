import Foundation
import QRCode
import TestSupport
import Testing

/// Agreement with an independent decoder: zxing-cpp 3.1.1 (PyPI `zxing-cpp`, installed by
/// scripts/install-test-deps.sh) reads back every symbol we draw. The script does not see our
/// matrix: it rebuilds the modules from the SVG's path (`M x y h n v1 h -n z`, one rectangle per
/// run of dark modules, in module units), paints them three pixels a module on a white image,
/// and decodes that. One Python process decodes every case.
@Suite struct ZXingAgreementTests {
    static let script = #"""
        import json, re, sys, zxingcpp

        def modules(svg):
            side = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
            path = re.search(r'<path[^>]* d="([^"]*)"', svg).group(1)
            dark = set()
            for x, y, run in re.findall(r'M(\d+) (\d+)h(\d+)v1h-\d+z', path):
                for dx in range(int(run)):
                    dark.add((int(x) + dx, int(y)))
            return side, dark

        def decode(svg, scale=3):
            side, dark = modules(svg)
            width = side * scale
            pixels = bytearray(b"\xff" * (width * width))
            for (x, y) in dark:
                for row in range(y * scale, (y + 1) * scale):
                    start = row * width + x * scale
                    pixels[start:start + scale] = b"\x00" * scale
            # A 2-D buffer (height, width) of 8-bit luminance; zxing-cpp reads any buffer of that shape.
            image = memoryview(bytes(pixels)).cast("B", (width, width))
            found = zxingcpp.read_barcode(image, formats=zxingcpp.BarcodeFormat.QRCode)
            if found is None:
                return {"error": "no QR code found"}
            return {"hex": found.bytes.hex(), "version": int(found.extra.get("Version", 0)),
                    "level": found.extra.get("ECLevel"), "mask": found.extra.get("DataMask")}

        with open(sys.argv[1], encoding="utf-8") as handle:
            cases = json.load(handle)
        json.dump([decode(svg) for svg in cases], sys.stdout)
        """#

    /// URL-ish text of `length` bytes: a scheme and host, then path characters, some of them
    /// multi-byte UTF-8 (an IRI), cut to the byte.
    static func url(length: Int, _ rng: inout SplitMix64) -> [UInt8] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?=&%#é漢")
        var text = "https://" + ["a.example", "ada.example", "card.acme.example"][Int(rng.next() % 3)] + "/"
        while text.utf8.count < length { text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
        return Array(Array(text.utf8).prefix(length))
    }

    @Test func zxingDecodesTheSVGOfRandomURLsAtEveryLevelAndManyVersions() throws {
        guard (try? PeerProcess.run(["python3", "-c", "import zxingcpp"]))?.status == 0 else {
            if PeerProcess.peersRequired {
                Issue.record(
                    "python3 with zxingcpp is required (TAPCARD_REQUIRE_PEERS is set); run scripts/install-test-deps.sh"
                )
            } else {
                print("skipped: python3 with zxing-cpp is not installed (scripts/install-test-deps.sh installs it)")
            }
            return
        }
        var rng = SplitMix64(seed: 18_004)
        var cases: [(bytes: [UInt8], matrix: QRMatrix)] = []
        // 160 random URLs: every level, lengths from 1 byte to the level's version-40 capacity,
        // weighted towards the short links a card page has; then each level's exact maximum.
        for index in 0..<160 {
            let level = QRErrorCorrection.allCases[index % 4]
            let limit = QREncoder.capacity(version: 40, level: level)
            let length = index % 5 == 4 ? 1 + Int(rng.next() % UInt64(limit)) : 1 + Int(rng.next() % 200)
            let bytes = Self.url(length: length, &rng)
            cases.append((bytes, try QREncoder.encode(bytes, level: level)))
        }
        for level in QRErrorCorrection.allCases {
            let bytes = Self.url(length: QREncoder.capacity(version: 40, level: level), &rng)
            cases.append((bytes, try QREncoder.encode(bytes, level: level)))
        }
        // Every version 1–40 at M at least once, at its exact capacity (the most padding-free case).
        for version in 1...40 {
            let bytes = Self.url(length: QREncoder.capacity(version: version, level: .medium), &rng)
            let matrix = try QREncoder.encode(bytes, level: .medium)
            #expect(matrix.version == version)
            cases.append((bytes, matrix))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let svgs = cases.map { QRSVGRenderer.svg($0.matrix) }
        try JSONSerialization.data(withJSONObject: svgs).write(to: file)
        let output = try PeerProcess.output(["python3", "-c", Self.script, file.path])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(results.count == cases.count)
        var decoded = 0
        for (result, item) in zip(results, cases) {
            let label = "\(item.matrix.version)-\(item.matrix.errorCorrection.rawValue), \(item.bytes.count) bytes"
            guard let hex = result["hex"] as? String else {
                Issue.record("\(label): \(result["error"] ?? "?")")
                continue
            }
            #expect(hex == item.bytes.map { String(format: "%02x", $0) }.joined(), "\(label)")
            #expect(result["version"] as? Int == item.matrix.version, "\(label)")
            #expect(result["level"] as? String == item.matrix.errorCorrection.rawValue, "\(label)")
            #expect(result["mask"] as? Int == item.matrix.mask, "\(label)")
            decoded += 1
        }
        #expect(decoded == cases.count)
        #expect(cases.count >= 200)
        print("zxing-cpp decoded \(decoded) of \(cases.count) QR codes")
    }
}
