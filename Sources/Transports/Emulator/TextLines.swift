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
        var slice = text
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return slice
    }
}
