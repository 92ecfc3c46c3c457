/// Bytes to text for the character sets vCards found in the wild declare (vCard 2.1 CHARSET).
enum TextDecoding {
    /// Decodes `bytes` in `charset` (nil: UTF-8). Returns the text and, when the bytes were not
    /// what the charset promised or the charset is unknown, a sentence saying what was done instead.
    static func decode(_ bytes: some Collection<UInt8>, charset: String?) -> (text: String, note: String?) {
        let name = (charset ?? "UTF-8").uppercased()
        switch name {
        case "UTF-8", "UTF8":
            if let text = validUTF8(bytes) { return (text, nil) }
            return (latin1(bytes), "The bytes are not valid UTF-8; they were read as ISO-8859-1.")
        case "US-ASCII", "ASCII":
            if let text = validUTF8(bytes) { return (text, nil) }
            return (latin1(bytes), "The bytes are not ASCII; they were read as ISO-8859-1.")
        case "ISO-8859-1", "ISO8859-1", "LATIN1", "LATIN-1":
            return (latin1(bytes), nil)
        case "WINDOWS-1252", "CP1252":
            return (windows1252(bytes), nil)
        default:
            if let text = validUTF8(bytes) {
                return (
                    text, "The character set \(name) is not supported; the bytes were valid UTF-8 and read as such."
                )
            }
            return (
                latin1(bytes), "The character set \(name) is not supported; the bytes were read as ISO-8859-1."
            )
        }
    }

    /// The text when `bytes` are valid UTF-8, else nil.
    static func validUTF8(_ bytes: some Collection<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }

    static func latin1(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// Windows-1252: ISO-8859-1 except 0x80–0x9F, which hold printable characters.
    static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
            0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122,
            0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(high[Int(byte - 0x80)]) {
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }
}
