/// The lines of a dump's text, split the one way every reader of a text dump uses (Flipper Zero
/// `.nfc` files of every family, TapCard's Type 4 files, Proxmark3 `.eml`, MIFARE Classic Tool):
/// on LF bytes, with one CR before the LF dropped, so a file edited on Windows (CR LF line ends)
/// reads as the one its tool wrote. The split is on bytes, not Characters: Swift takes `"\r\n"` as
/// one Character, so splitting a String on `"\n"` leaves every CR LF line whole.
enum TextLines {
    /// Every line, numbered from 1, without its line end (a last line without LF included).
    static func split(_ text: String) -> [(number: Int, text: Substring)] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().map { index, line in
            var bytes = line[...]
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            return (index + 1, Substring(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// The value of the first `Device type:` line of a Flipper Zero file, blanks around it
    /// trimmed; `nil` when no line is one.
    static func flipperDeviceType(_ text: String) -> String? {
        for line in split(text) {
            let content = trimmed(line.text)
            guard content.hasPrefix("Device type:") else { continue }
            return String(trimmed(content.dropFirst("Device type:".count)))
        }
        return nil
    }

    /// `text` without the spaces, tabs and CRs around it.
    static func trimmed(_ text: Substring) -> Substring {
        trimming(text, leading: [" ", "\t", "\r"], trailing: [" ", "\t", "\r"])
    }

    /// `text` without the `leading` characters before it and the `trailing` ones after it, in
    /// one pass each way. (Dropping one character at a time with `dropLast()` was quadratic on
    /// a Substring: a dump padded with 100 kB of spaces took 26 s to read.)
    static func trimming(_ text: Substring, leading: Set<Character>, trailing: Set<Character>) -> Substring {
        guard let start = text.firstIndex(where: { !leading.contains($0) }) else { return text[text.endIndex...] }
        let rest = text[start...]
        guard let last = rest.lastIndex(where: { !trailing.contains($0) }) else {
            return rest[rest.startIndex..<rest.startIndex]
        }
        return rest[...last]
    }
}
