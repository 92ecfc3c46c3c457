import TapCardSupport

/// Bytes as a classic hex dump: offset, 16 bytes in hex, then printable ASCII (`.` otherwise).
public enum HexDump {
    public static func lines(_ bytes: [UInt8], width: Int = 16) -> [String] {
        guard width > 0 else { return [] }
        return stride(from: 0, to: bytes.count, by: width).map { start in
            let row = Array(bytes[start..<min(start + width, bytes.count)])
            let offset = String(start, radix: 16, uppercase: true)
            let hex = Hex.encode(row, uppercase: true, separator: " ")
            let padding = String(repeating: " ", count: (width - row.count) * 3)
            let ascii = String(row.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." })
            return String(repeating: "0", count: max(0, 4 - offset.count)) + offset + "  " + hex + padding + "  |"
                + ascii + "|"
        }
    }
}
