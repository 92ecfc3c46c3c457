import TapCardSupport

/// The benchmark's figures, as a table for people and one JSON object for scripts.
public struct BenchReport {
    var seed: UInt64
    var codec: CodecBench.Result
    var writes: WriteBench.Result
    var type4Writes: [ChipWriteFigures]
    var type5Writes: [ChipWriteFigures] = []
    var batch: BatchBench.Result
    var coldStart: ColdStartBench.Result?
    var coldStartSkipped: String?
    var type3Writes: [ChipWriteFigures] = []

    static var build: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    public var json: JSON {
        var members: [(String, JSON)] = [
            ("build", .string(Self.build)), ("seed", .string("0x" + String(seed, radix: 16))),
            (
                "ndef",
                .object([
                    ("corpus_messages", .int(codec.corpusMessages)), ("corpus_bytes", .int(codec.corpusBytes)),
                    ("decode", codec.decode.json), ("encode", codec.encode.json),
                ])
            ),
            ("vcard", .object([("encode", codec.vCardEncode.json), ("read", codec.vCardRead.json)])),
            (
                "type2_write_verify",
                .object([
                    ("model", .string("ntag213")), ("fresh", writes.fresh.json),
                    ("identical_rewrite", writes.identical.json), ("one_field_change", writes.oneField.json),
                ])
            ),
            ("type4_write_verify", .array(type4Writes.map(\.json))),
            ("type3_write_verify", .array(type3Writes.map(\.json))),
            ("type5_write_verify", .array(type5Writes.map(\.json))),
            ("batch_provisioning", batch.json),
        ]
        if let coldStart {
            members.append(("cold_start", coldStart.json))
        } else {
            members.append(("cold_start", .object([("skipped", .string(coldStartSkipped ?? "not run"))])))
        }
        return .object(members)
    }

    public var table: String {
        var rows: [(String, String, String)] = []
        func rate(_ value: Double) -> String { Self.grouped(Int(value.rounded())) }
        func mb(_ value: Double) -> String { String(format2: value) + " MB/s" }
        rows.append(("NDEF decode", rate(codec.decode.itemsPerSecond) + " msg/s", mb(codec.decode.megabytesPerSecond)))
        rows.append(("NDEF encode", rate(codec.encode.itemsPerSecond) + " msg/s", mb(codec.encode.megabytesPerSecond)))
        rows.append(
            (
                "vCard encode", rate(codec.vCardEncode.itemsPerSecond) + " cards/s",
                mb(codec.vCardEncode.megabytesPerSecond)
            ))
        rows.append(
            ("vCard read", rate(codec.vCardRead.itemsPerSecond) + " cards/s", mb(codec.vCardRead.megabytesPerSecond)))
        for (label, figures) in [
            ("NTAG213 write+verify 137 B", writes.fresh), ("identical rewrite", writes.identical),
            ("one field changed", writes.oneField),
        ] {
            rows.append(
                (
                    label,
                    "\(figures.commands) cmds, \(figures.pagesWritten) pages written (\(figures.pagesChanged) changed)",
                    "\(String(format2: figures.modeledMicroseconds / 1000)) ms modeled vs "
                        + "\(String(format2: figures.minimumMicroseconds / 1000)) ms minimum = "
                        + "\(String(format3: figures.ratio))x"
                ))
        }
        rows += (type4Writes + type3Writes + type5Writes).map(\.row)
        rows.append(
            (
                "batch provisioning", "\(Self.grouped(batch.verifiedWrites))/\(Self.grouped(batch.profiles)) verified",
                rate(batch.perSecond) + " writes/s (\(String(format2: batch.seconds)) s)"
            ))
        if let coldStart {
            rows.append(
                (
                    "cold start (median of \(coldStart.runs), \(coldStart.swiftRuntime) runtime)",
                    "tapcard --version \(String(format2: coldStart.tapcard.medianMicroseconds / 1000)) ms",
                    "/bin/true \(String(format2: coldStart.baseline.medianMicroseconds / 1000)) ms, difference "
                        + "\(String(format2: coldStart.differenceMicroseconds / 1000)) ms"
                ))
        } else {
            rows.append(("cold start", "skipped", coldStartSkipped ?? ""))
        }
        let widths = (rows.map(\.0.count).max() ?? 0, rows.map(\.1.count).max() ?? 0)
        var text = "tapcard bench: \(Self.build) build, seed 0x\(String(seed, radix: 16)), "
        text += "\(Self.grouped(codec.corpusMessages)) messages (\(Self.grouped(codec.corpusBytes)) bytes)\n"
        if Self.build == "debug" { text += "(a debug build: use scripts/build-release.sh for figures worth quoting)\n" }
        #if os(Linux)
            if coldStart?.swiftRuntime == "shared" {
                text += "(Swift runtime linked as shared libraries: scripts/build-release.sh links it "
                text += "statically, as shipped, which starts about 5 ms sooner)\n"
            }
        #endif
        text += "air times are modeled from datasheet timing; throughput and start-up are measured\n\n"
        for row in rows {
            text += row.0.paddedTo(widths.0) + "  " + row.1.paddedTo(widths.1) + "  " + row.2 + "\n"
        }
        return text
    }

    /// 1234567 → "1 234 567".
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(abs(value)))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += " " }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}

extension String {
    /// Two decimals, without Foundation's `String(format:)`.
    init(format2 value: Double) { self = Self.fixed(value, places: 2) }
    /// Three decimals.
    init(format3 value: Double) { self = Self.fixed(value, places: 3) }

    static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        let padded = String(repeating: "0", count: places - fraction.count) + fraction
        return (value < 0 && scaled != 0 ? "-" : "") + "\(whole).\(padded)"
    }

    func paddedTo(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
