import TapCardSupport

/// A Proxmark3 `.eml` file: one block (or page) of hex digits a line, LF or CR LF, blank lines
/// skipped. One reader for the `hf mfu` pages and the `hf 15` blocks; the MIFARE Classic `.eml`
/// has its own (``ProxmarkClassicEML``), which names the line it refuses.
enum EMLText {
    /// The bytes of `bytes` read as lines of `digitsPerLine` hex digits, or nil when a line is not
    /// one (or there is none): the caller then says what it takes.
    static func bytes(_ bytes: [UInt8], digitsPerLine: Int) -> [UInt8]? {
        var memory: [UInt8] = []
        for line in bytes.split(separator: 0x0A) {
            var text = line
            if text.last == 0x0D { text = text.dropLast() }
            if text.isEmpty { continue }
            guard text.count == digitsPerLine else { return nil }
            do {
                try Hex.decode(utf8: text, appendingTo: &memory)
            } catch {
                return nil  // Not hex: not an .eml.
            }
        }
        return memory.isEmpty ? nil : memory
    }
}
