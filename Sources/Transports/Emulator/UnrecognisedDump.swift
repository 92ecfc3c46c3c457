/// The refusal for a file that none of the content tests claims (``ClassicDumps/recognise(_:)``,
/// a JSON dump, a Flipper Zero or TapCard file), naming the format the content is closest to and
/// why it is not that, instead of the Flipper reader's "Line 1 should be 'Filetype: …'" for a file
/// that never claimed to be one.
///
/// - Mostly lines of 32 hex digits: a Proxmark3 `.eml` with a broken line; the `.eml` reader says
///   which line and why.
/// - Binary (a NUL, a control byte other than tab, CR and LF, or bytes that are not UTF-8): a raw
///   image of the wrong size, said with its size and the sizes TapCard takes.
/// - Other text: its first line that is not blank or a comment, and how each format begins.
///
/// A file whose first content line begins `Filetype:` or `{` is left to its reader. An empty one,
/// or one of blank lines and comments only, is refused as empty, not as a broken Flipper file.
public enum UnrecognisedDump {
    public static func refuse(_ bytes: [UInt8], path: String) throws(EmulatorError) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = ClassicDumps.lines(text)
        guard let first = lines.first(where: { !$0.text.isEmpty && $0.text.first != "#" }) else {
            throw .emptyFile(path: path, bytes: bytes.count)
        }
        if first.text.hasPrefix("Filetype:") || first.text.hasPrefix("{") { return }
        let isText =
            String(validating: bytes, as: UTF8.self) != nil
            && !bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F }
        guard isText else { throw .unrecognisedBinary(path: path, bytes: bytes.count) }
        let content = lines.filter { !$0.text.isEmpty }
        let blocks = content.filter { line in
            line.text.utf8.count == 32 && line.text.utf8.allSatisfy { ClassicDumps.hexValue($0) != nil }
        }
        if blocks.count * 2 >= content.count {
            // The .eml reader names the line that is not a block.
            _ = try ClassicDumps.read(bytes, as: .proxmark3EML, path: path)
            return
        }
        let shown = String(first.text.prefix(40)).map { $0.isASCII && !$0.isWhitespace || $0 == " " ? $0 : "?" }
        throw .unrecognisedText(path: path, line: first.number, text: String(shown))
    }
}
