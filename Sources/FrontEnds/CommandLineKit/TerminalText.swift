import TapCardSupport

/// Text bound for a terminal, made safe: every character `UnsafeText` (TapCardSupport) calls unsafe
/// to show (controls, line and paragraph separators, Bidi_Control, Default_Ignorable_Code_Point)
/// is shown as `\u{…}`.
/// A URI holding U+202E prints as `https://evil\u{202e}moc.elgoog`, not as a reversed fake.
///
/// Applied to every line `tapcard` prints to a terminal (``CommandIO/print(_:)``), so a tag's
/// text, a label, a file or reader name can never move the cursor, recolour the screen or
/// reorder what the user reads. Output to a pipe or a file is left byte-exact.
public enum TerminalText {
    /// True for a scalar that must not reach a terminal as itself.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { UnsafeText.isUnsafeToShow(scalar) }

    /// `text` with every unsafe scalar written as `\u{hex}`.
    public static func escape(_ text: String) -> String {
        // Fast path: printable ASCII needs nothing.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
