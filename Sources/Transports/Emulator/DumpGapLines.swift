/// The comment lines that keep, in a Flipper Zero file of a Type 5 or FeliCa tag, what the dump
/// the tag was made from did not hold: one line each, `# Not in the dump this tag was made from:
/// 'Password Read' (00 00 00 00 here)`. Comments, so the Flipper firmware reads the file as before;
/// TapCard reads them back, so the tag, its exports and a file made of those go on saying so.
/// (A Type 2 tag keeps its gaps by field name: ``DumpGapComment``.)
enum DumpGapLines {
    static let prefix = "# Not in the dump this tag was made from: "

    /// The lines for `phrases`.
    static func lines(_ phrases: [String]) -> [String] { phrases.map { prefix + $0 } }

    /// The phrases of `text`'s gap lines, in order.
    static func phrases(in text: String) -> [String] {
        TextLines.split(text).compactMap { line in
            let trimmed = TextLines.trimmed(line.text)
            return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(prefix.count)) : nil
        }
    }
}
