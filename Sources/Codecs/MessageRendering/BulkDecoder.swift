import NDEF
import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine of `decode --jsonl`: one hex message per input line, one JSON object per output line.
///
/// Built for throughput: lines are found and hex-decoded in place into one reused buffer, the
/// common messages go through `StreamingJSONWriter` (no per-record allocation), and everything
/// else (chunked records, UTF-16 text, errors…) through the strict decoder, so the output is the
/// same either way.
public struct BulkDecoder {
    /// `.refuse` for `decode --jsonl --strict`: a record that breaks a type rule makes its line
    /// an error line.
    public var problems: RecordProblemPolicy = .flag
    public private(set) var lines = 0
    public private(set) var invalid = 0
    private var scratch: [UInt8] = []

    public init() {}

    /// Output is handed to `emit` in blocks of about 64 KiB.
    public mutating func decode(_ input: [UInt8], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let out = ByteSink(capacity: 1 << 17)
        input.withUnsafeBufferPointer { text in
            guard let address = text.baseAddress else { return }
            var start = 0
            let count = text.count
            while start < count {
                // memchr finds the line end many bytes at a time.
                let found = memchr(address + start, 0x0A, count - start)
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(address) } ?? count
                var lineEnd = end
                if lineEnd > start && text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lines += 1
                if !decodeLine(
                    UnsafeBufferPointer(rebasing: text[start..<lineEnd]), input: input, at: start, into: out)
                {
                    invalid += 1
                }
                if out.count >= 1 << 16 {
                    emit(out.bytes)
                    out.removeAll()
                }
                start = end + 1
            }
        }
        if out.count > 0 { emit(out.bytes) }
    }

    private static let nibbles: [UInt8] = (0...255).map { value in
        switch UInt8(value) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(value) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(value) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(value) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }

    /// One line; false when it was invalid.
    private mutating func decodeLine(
        _ line: UnsafeBufferPointer<UInt8>, input: [UInt8], at offset: Int, into out: ByteSink
    ) -> Bool {
        // Fast hex: an even run of digits only. Anything else (spaces, 0x, bad characters) goes
        // through Hex.decode, which also names the offset of a bad character.
        let byteCount = line.count / 2
        if scratch.count < byteCount { scratch = [UInt8](repeating: 0, count: max(byteCount, 2 * scratch.count)) }
        let plain =
            line.count % 2 == 0
            && Self.nibbles.withUnsafeBufferPointer { table in
                scratch.withUnsafeMutableBufferPointer { buffer -> Bool in
                    var index = 0
                    while index < byteCount {
                        let high = table[Int(line[2 * index])]
                        let low = table[Int(line[2 * index + 1])]
                        if (high | low) & 0xF0 != 0 { return false }
                        buffer[index] = high << 4 | low
                        index += 1
                    }
                    return true
                }
            }
        let bytes: [UInt8]
        if plain {
            let handled = scratch.withUnsafeBufferPointer {
                StreamingJSONWriter.write(
                    UnsafeBufferPointer(rebasing: $0[0..<byteCount]), into: out, problems: problems)
            }
            if handled {
                out.append(0x0A)
                return true
            }
            bytes = Array(scratch[0..<byteCount])
        } else {
            do {
                bytes = try Hex.decode(utf8: input[offset..<(offset + line.count)])
            } catch {
                let wrapped = HexInputError(error)
                var line: [UInt8] = []
                MessageJSONWriter.writeError(wrapped.rule, offset: wrapped.offset, into: &line)
                out.append(line)
                out.append(0x0A)
                return false
            }
            if bytes.withUnsafeBufferPointer({ StreamingJSONWriter.write($0, into: out, problems: problems) }) {
                out.append(0x0A)
                return true
            }
        }
        var line: [UInt8] = []
        let valid = Self.decodeStrictly(bytes, into: &line, problems: problems)
        out.append(line)
        return valid
    }

    /// The strict decoder's JSON line for `bytes` (or its error line); false when invalid.
    static func decodeStrictly(
        _ bytes: [UInt8], into out: inout [UInt8], problems: RecordProblemPolicy = .flag
    ) -> Bool {
        do {
            let decoded = try DecodedMessage.decode(bytes, problems: problems)
            MessageJSONWriter.write(decoded.message.records, views: decoded.views, into: &out)
            out.append(0x0A)
            return true
        } catch {
            MessageJSONWriter.writeError(error.rule, offset: error.offset, into: &out)
            out.append(0x0A)
            return false
        }
    }
}
