import TapCardSupport

/// The ISO 14443-4A part of a Flipper Zero file: the ATS. Firmwares before the split wrote it as
/// one `ATS` line (TL first); later ones write its parts (`T0`, then `TA(1)`, `TB(1)`, `TC(1)` as
/// T0's bits 4–6 announce them, then the historical bytes `T1...Tk`), and read a file without `T0`
/// as an ATS of TL alone.
enum FlipperATS {
    /// The ATS the file records, TL first; `nil` when it records none.
    static func read<Failure: FlipperFormatError>(_ fields: FlipperFileFields, as: Failure.Type) throws(Failure)
        -> [UInt8]?
    {
        if let field = fields["ATS"] {
            let whole = try Failure.reading(try field.hex(count: Array(1...254)))
            // TL counts the ATS's own bytes: another figure is a cut or padded ATS, which the
            // tag would answer wrongly.
            guard Int(whole[0]) == whole.count else {
                throw Failure.syntax(
                    .wrongLength(field: "ATS", bytes: whole.count, expected: [Int(whole[0])], line: field.line))
            }
            return whole
        }
        guard let t0 = try Failure.reading(try fields.hex("T0", count: [1]))?[0] else { return nil }
        var ats: [UInt8] = [0, t0]
        for (bit, name) in [(UInt8(0x10), "TA(1)"), (0x20, "TB(1)"), (0x40, "TC(1)")] where t0 & bit != 0 {
            // T0 announces it: the firmware refuses the file without it.
            guard let byte = try Failure.reading(try fields.hex(name, count: [1])) else {
                throw Failure.syntax(.missingField(name))
            }
            ats += byte
        }
        ats += try Failure.reading(try fields.hex("T1...Tk", count: Array(1...250))) ?? []
        // At most 5 + 250 bytes: TL fits.
        ats[0] = UInt8(ats.count)
        return ats
    }

    /// The lines later firmwares write for `ats` (TL first), after `# ISO14443-4A specific data`.
    static func lines(_ ats: [UInt8]) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = ["# ISO14443-4A specific data"]
        guard ats.count > 1 else { return lines }
        let t0 = ats[1]
        lines.append("T0: \(hex([t0]))")
        var index = 2
        for (bit, name) in [(UInt8(0x10), "TA(1)"), (0x20, "TB(1)"), (0x40, "TC(1)")] where t0 & bit != 0 {
            guard index < ats.count else { return lines }
            lines.append("\(name): \(hex([ats[index]]))")
            index += 1
        }
        if index < ats.count { lines.append("T1...Tk: \(hex(Array(ats[index...])))") }
        return lines
    }
}
