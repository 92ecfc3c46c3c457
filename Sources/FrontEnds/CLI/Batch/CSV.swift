import Foundation

/// Comma-separated values as RFC 4180 writes them: fields separated by commas, records by CRLF or
/// LF, a field in double quotes may hold commas, line breaks and doubled quotes (`""`).
enum CSV {
    /// The records of `text`, each a list of fields. Total: any text parses; an unterminated quote
    /// is an error naming its line.
    static func parse(_ text: String) throws(CSVError) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var fieldWasQuoted = false
        var line = 1
        var quoteLine = 1
        let bytes = Array(text.utf8)
        var index = 0
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field = []
            fieldWasQuoted = false
        }
        func endRecord() {
            endField()
            // A blank line is no record.
            if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
            record = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","): endField()
                case 0x0A:
                    endRecord()
                    line += 1
                case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A: break
                case UInt8(ascii: "\"") where field.isEmpty && !fieldWasQuoted:
                    quoted = true
                    fieldWasQuoted = true
                    quoteLine = line
                default: field.append(byte)
                }
            }
            index += 1
        }
        if quoted { throw CSVError.unterminatedQuote(line: quoteLine) }
        if !field.isEmpty || !record.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }

    /// One record as CSV text (quoted where needed), without the line break.
    static func line(_ fields: [String]) -> String {
        fields.map { field in
            // By bytes: "\r\n" is one Character, equal to neither "\r" nor "\n".
            guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                return field
            }
            // Quotes doubled by bytes too: a quote followed by a combining mark is one Character,
            // which a Character-wise replacement would leave single (found by the csv fuzz target).
            var quoted: [UInt8] = [0x22]
            for byte in field.utf8 {
                quoted.append(byte)
                if byte == 0x22 { quoted.append(0x22) }
            }
            quoted.append(0x22)
            return String(decoding: quoted, as: UTF8.self)
        }.joined(separator: ",")
    }
}
