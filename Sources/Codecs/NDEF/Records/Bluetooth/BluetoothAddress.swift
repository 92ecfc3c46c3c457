/// A Bluetooth device address (BD_ADDR, 48 bits; Bluetooth Core v5.3 Vol 2 Part B §1.2), written
/// as people and phones show it: six bytes, most significant first, `00:1A:7D:DA:71:13`. On the
/// air and in OOB data it travels least significant byte first.
public struct BluetoothAddress: Sendable, Hashable, CustomStringConvertible {
    /// The six bytes, most significant first (the written order).
    public let bytes: [UInt8]

    /// An address from its six bytes, most significant first; `nil` for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 6 else { return nil }
        self.bytes = bytes
    }

    /// An address written as six pairs of hex digits separated by `:` or `-` (mixed is fine, as in
    /// ndeflib), or as twelve hex digits.
    public init(_ text: String) throws(RecordValueError) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "-" }
        let pairs: [Substring]
        if parts.count == 1, text.utf8.count == 12 {
            pairs = stride(from: 0, to: 12, by: 2).map { offset in
                let start = text.index(text.startIndex, offsetBy: offset)
                return text[start..<text.index(start, offsetBy: 2)]
            }
        } else {
            pairs = parts
        }
        var bytes: [UInt8] = []
        for pair in pairs {
            let digits = Array(pair.utf8)
            guard digits.count == 2, let high = PercentEncoding.hexValue(digits[0]),
                let low = PercentEncoding.hexValue(digits[1])
            else { throw .bluetoothAddress(text: text) }
            bytes.append(high << 4 | low)
        }
        guard bytes.count == 6 else { throw .bluetoothAddress(text: text) }
        self.bytes = bytes
    }

    /// `AA:BB:CC:DD:EE:FF`, uppercase, as Android's `BluetoothAdapter.checkBluetoothAddress` and
    /// ndeflib's `DeviceAddress` write it.
    public var description: String {
        bytes.map { RecordValueError.hex($0) }.joined(separator: ":")
    }

    /// The bytes least significant first, as OOB data carries them.
    var littleEndian: [UInt8] { bytes.reversed() }
}
