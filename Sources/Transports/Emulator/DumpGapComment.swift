/// The comment line that keeps, in a Flipper Zero NTAG/Ultralight file, which header fields hold
/// zeros for what the dump a tag was made from did not hold (the firmware's and the Proxmark3
/// client's mark for "not read"): `# Not in the dump this tag was made from (zeros here):
/// Signature, Counters`. A comment, so the file stays one the Flipper firmware reads; TapCard reads
/// it back from its own virtual tag files only, and only where the field still holds the
/// placeholder (a value a file holds wins), so a virtual tag and its exports go on saying the
/// values are unknown. One counter or tearing flag missing is named alone (`Counter 1`,
/// `Tearing 2`); the others are the dump's values.
public enum DumpGapComment {
    /// A header field a dump may lack.
    public enum Field: String, Sendable, CaseIterable {
        case signature = "Signature"
        case counters = "Counters"
        case tearingFlags = "Tearing"
    }

    static let prefix = "# Not in the dump this tag was made from (zeros here): "

    /// The fields `text`'s comment names (none without the comment; unknown names are ignored),
    /// with the counters and tearing flags it names (0–2): `Counters` and `Tearing` are all
    /// three, `Counter 1` and `Tearing 1` one.
    static func unread(in text: String) -> (fields: Set<Field>, counters: Set<Int>, tearingFlags: Set<Int>) {
        var found = (fields: Set<Field>(), counters: Set<Int>(), tearingFlags: Set<Int>())
        for line in TextLines.split(text) {
            let trimmed = TextLines.trimmed(line.text)
            guard trimmed.hasPrefix(prefix) else { continue }
            for item in trimmed.dropFirst(prefix.count).split(separator: ",") {
                let name = String(TextLines.trimmed(item))
                if let field = Field(rawValue: name) {
                    found.fields.insert(field)
                    if field == .counters { found.counters.formUnion(0..<3) }
                    if field == .tearingFlags { found.tearingFlags.formUnion(0..<3) }
                } else if let index = Self.index(name, "Counter ") {
                    found.fields.insert(.counters)
                    found.counters.insert(index)
                } else if let index = Self.index(name, "Tearing ") {
                    found.fields.insert(.tearingFlags)
                    found.tearingFlags.insert(index)
                }
            }
        }
        return found
    }

    /// 0–2 when `name` is `label` and that number.
    private static func index(_ name: String, _ label: String) -> Int? {
        guard name.hasPrefix(label), let index = Int(name.dropFirst(label.count)), (0..<3).contains(index) else {
            return nil
        }
        return index
    }

    /// The comment for `dump`: none when it holds every field.
    static func lines(for dump: FlipperDump) -> [String] {
        let names = names(dump)
        return names.isEmpty ? [] : [prefix + names.joined(separator: ", ")]
    }

    /// What `dump` lacks, as the comment names it: `Signature`; `Counters` (every counter the
    /// chip has) or `Counter 1`; `Tearing` (all three flags) or `Tearing 1`.
    public static func names(_ dump: FlipperDump) -> [String] {
        missingFields(dump).flatMap { field -> [String] in
            switch field {
            case .signature: [field.rawValue]
            case .counters:
                dump.unreadCounters == FlipperDump.counterIndices(count: dump.counterCount)
                    ? [field.rawValue] : dump.unreadCounters.sorted().map { "Counter \($0)" }
            case .tearingFlags:
                dump.unreadTearingFlags.count == 3
                    ? [field.rawValue] : dump.unreadTearingFlags.sorted().map { "Tearing \($0)" }
            }
        }
    }

    /// The fields `dump` lacks that its chip has (a signature only on a chip answering READ_SIG).
    public static func missingFields(_ dump: FlipperDump) -> [Field] {
        var missing: [Field] = []
        let layout = dump.model?.type2Layout
        if dump.signature == nil, layout?.version != nil { missing.append(.signature) }
        if !dump.countersRead, dump.counterCount > 0 { missing.append(.counters) }
        if !dump.tearingFlagsRead, dump.counterCount == 3 { missing.append(.tearingFlags) }
        return missing
    }
}
