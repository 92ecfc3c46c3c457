/// An independent, strict reading of RFC 2426 / RFC 2425 line rules, for tests: every line ends in
/// CRLF (no bare CR or LF), no physical line is longer than 75 octets, a continuation line starts
/// with exactly one space followed by something that is not a space, each physical line is valid
/// UTF-8 on its own, and the unfolded card starts with BEGIN:VCARD, VERSION:3.0 and ends with
/// END:VCARD.
enum StrictLineCheck {
    static func problems(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        guard bytes.suffix(2) == [0x0D, 0x0A] else { return ["the card does not end in CRLF"] }
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
                    problems.append("bare CR at octet \(index)")
                    index += 1
                    continue
                }
                lines.append(current)
                current = []
                index += 2
                continue
            }
            if byte == 0x0A { problems.append("bare LF at octet \(index)") }
            current.append(byte)
            index += 1
        }
        var logical: [String] = []
        for (number, line) in lines.enumerated() {
            if line.count > 75 { problems.append("line \(number + 1) has \(line.count) octets") }
            if line.isEmpty { problems.append("line \(number + 1) is empty") }
            var iterator = line.makeIterator()
            var decoder = UTF8()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: break decoding
                case .error:
                    problems.append("line \(number + 1) is not valid UTF-8 on its own (a sequence was split)")
                    break decoding
                }
            }
            let text = String(decoding: line, as: UTF8.self)
            if line.first == 0x20 || line.first == 0x09 {
                if line.first == 0x09 { problems.append("line \(number + 1) continues with a tab") }
                if line.count < 2 || line[1] == 0x20 {
                    problems.append("line \(number + 1) continues with more than one space or nothing")
                }
                if logical.isEmpty {
                    problems.append("line 1 is a continuation")
                } else {
                    logical[logical.count - 1] += String(text.dropFirst())
                }
            } else {
                logical.append(text)
            }
        }
        if logical.first != "BEGIN:VCARD" { problems.append("the first line is not BEGIN:VCARD") }
        if logical.count < 2 || logical[1] != "VERSION:3.0" { problems.append("the second line is not VERSION:3.0") }
        if logical.last != "END:VCARD" { problems.append("the last line is not END:VCARD") }
        for line in logical where !line.contains(":") { problems.append("'\(line)' has no colon") }
        return problems
    }
}
