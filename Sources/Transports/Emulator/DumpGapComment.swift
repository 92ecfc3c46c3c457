/// The comment line that keeps, in a Flipper Zero NTAG/Ultralight file, which header fields hold
/// zeros for what the dump a tag was made from did not hold (the firmware's and the Proxmark3
/// client's mark for "not read"): `# Not in the dump this tag was made from (zeros here):
/// Signature, Counters`. A comment, so the file stays one the Flipper firmware reads; TapCard reads
/// it back, so a virtual tag and its exports go on saying the values are unknown.
public enum DumpGapComment {
    /// A header field a dump may lack.
    public enum Field: String, Sendable, CaseIterable {
        case signature = "Signature"
        case counters = "Counters"
        case tearingFlags = "Tearing"
    }

    static let prefix = "# Not in the dump this tag was made from (zeros here): "

    /// The fields `text`'s comment names (none without the comment; unknown names are ignored).
    static func fields(in text: String) -> Set<Field> {
        var found = Set<Field>()
        for line in TextLines.split(text) {
            let trimmed = TextLines.trimmed(line.text)
            guard trimmed.hasPrefix(prefix) else { continue }
            for name in trimmed.dropFirst(prefix.count).split(separator: ",") {
                if let field = Field(rawValue: String(TextLines.trimmed(name))) { found.insert(field) }
            }
        }
        return found
    }

    /// The comment for `dump`: none when it holds every field.
    static func lines(for dump: FlipperDump) -> [String] {
        let missing = missingFields(dump)
        return missing.isEmpty ? [] : [prefix + missing.map(\.rawValue).joined(separator: ", ")]
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
