/// Strict UTF-8 and UTF-16 conversions: invalid input is reported with the offset of the first
/// bad byte instead of being replaced with U+FFFD, so nothing is silently changed. The one rule
/// for text: the NDEF codec decodes records with it, and the CLI checks its arguments with it.
public enum UnicodeText {
    public enum Failure: Error, Equatable {
        /// The first byte (relative to the given bytes) that does not belong to valid text.
        case invalid(at: Int)
        case oddLength
    }

    /// The text, or the offset of the first byte that is not valid UTF-8.
    public static func utf8(_ bytes: ArraySlice<UInt8>) -> Result<String, Failure> {
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces every invalid sequence with U+FFFD; the result equals the input
        // byte for byte exactly when the input was valid UTF-8.
        if text.utf8.count == bytes.count && text.utf8.elementsEqual(bytes) { return .success(text) }
        var index = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): index += scalar.count
            case .emptyInput: return .failure(.invalid(at: index))
            case .error: return .failure(.invalid(at: index))
            }
        }
    }

    /// UTF-16 text in the given byte order, or the offset of the first unpaired surrogate.
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<String, Failure> {
        guard bytes.count % 2 == 0 else { return .failure(.oddLength) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var position = 0
        while position < units.count {
            let unit = units[position]
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard position + 1 < units.count, units[position + 1] >= 0xDC00, units[position + 1] <= 0xDFFF else {
                    return .failure(.invalid(at: position * 2))
                }
                position += 2
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                return .failure(.invalid(at: position * 2))
            } else {
                position += 1
            }
        }
        return .success(String(decoding: units, as: UTF16.self))
    }

    /// The UTF-16 code units of `text` as bytes in the given order.
    static func utf16Bytes(_ text: String, bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf16.count * 2)
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(truncatingIfNeeded: unit)
            if bigEndian {
                out.append(high)
                out.append(low)
            } else {
                out.append(low)
                out.append(high)
            }
        }
        return out
    }

    /// True when every byte is printable US-ASCII (0x20–0x7E), as record type names must be
    /// (NFC Forum RTD 1.0 §2.1); returns the offset of the first other byte.
    static func firstNonPrintableASCII(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = 0
        for byte in bytes {
            if byte < 0x20 || byte > 0x7E { return index }
            index += 1
        }
        return nil
    }
}
