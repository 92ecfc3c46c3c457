/// One Wi-Fi Simple Configuration attribute: 2-byte type, 2-byte length, value (big-endian,
/// WSC v2.0 §12 "Data Element Definitions").
public struct WiFiAttribute: Sendable, Hashable {
    public var type: UInt16
    public var value: [UInt8]

    public init(type: UInt16, value: [UInt8]) {
        self.type = type
        self.value = value
    }

    func write(into out: inout [UInt8]) {
        let length = UInt16(truncatingIfNeeded: value.count)
        out += [UInt8(type >> 8), UInt8(type & 0xFF), UInt8(length >> 8), UInt8(length & 0xFF)]
        out += value
    }

    /// Every attribute in `bytes` with the offset of its type field (relative to `bytes`).
    static func list(_ bytes: ArraySlice<UInt8>) throws(NDEFError) -> [(WiFiAttribute, Int)] {
        var result: [(WiFiAttribute, Int)] = []
        var at = bytes.startIndex
        while at < bytes.endIndex {
            let offset = at - bytes.startIndex
            guard bytes.endIndex - at >= 4 else {
                throw .payloadTooShort(
                    kind: "Wi-Fi attribute header", offset: offset, needed: 4, available: bytes.endIndex - at)
            }
            let type = UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard bytes.endIndex - at - 4 >= length else {
                throw .payloadTooShort(
                    kind: "Wi-Fi attribute", offset: offset, needed: 4 + length, available: bytes.endIndex - at)
            }
            result.append((WiFiAttribute(type: type, value: Array(bytes[(at + 4)..<(at + 4 + length)])), offset))
            at += 4 + length
        }
        return result
    }
}
