/// Hex for test vectors: `hex("00 11 aa")` → [0x00, 0x11, 0xAA] (spaces ignored), and back.
/// CiphersTests depends on Ciphers alone, as Ciphers depends on nothing, so it has its own copy.
func hex(_ text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }.map { $0.hexDigitValue ?? 0 }
    return stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
}

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
}
