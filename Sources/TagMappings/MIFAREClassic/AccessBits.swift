/// The access conditions of one sector: C1 C2 C3 for block groups 0, 1, 2 (the data blocks) and 3
/// (the trailer), stored in trailer bytes 6–8 each with its inverted copy (MF1S50 datasheet §8.7.1):
///
/// | byte | bits 7–4          | bits 3–0          |
/// |------|-------------------|-------------------|
/// | 6    | ¬C2 of groups 3–0 | ¬C1 of groups 3–0 |
/// | 7    | C1 of groups 3–0  | ¬C3 of groups 3–0 |
/// | 8    | C3 of groups 3–0  | C2 of groups 3–0  |
///
/// In a 16-block sector (4K sectors 32–39) group 0 covers blocks 0–4, group 1 blocks 5–9, group
/// 2 blocks 10–14 and group 3 the trailer (block 15).
public struct AccessBits: Sendable, Equatable, Hashable {
    /// Conditions of groups 0, 1, 2 and 3 (the trailer). Always 4 entries.
    public let groups: [AccessCondition]

    /// Groups beyond the fourth are ignored; missing ones are the transport condition of their kind.
    public init(groups: [AccessCondition]) {
        let defaults = [AccessCondition(code: 0), AccessCondition(code: 0), AccessCondition(code: 0), .init(code: 1)]
        self.groups = (0..<4).map { $0 < groups.count ? groups[$0] : defaults[$0] }
    }

    /// The same condition for the three data groups, and the trailer's.
    public init(data: AccessCondition, trailer: AccessCondition) {
        self.init(groups: [data, data, data, trailer])
    }

    /// Factory delivery: data blocks 000 (keys A and B read and write), trailer 001. Bytes `FF 07 80`.
    public static let transport = AccessBits(data: .init(code: 0b000), trailer: .init(code: 0b001))
    /// MAD sectors as AN1304 writes them: data 100 (read A|B, write B), trailer 011. Bytes `78 77 88`.
    public static let madWritable = AccessBits(data: .init(code: 0b100), trailer: .init(code: 0b011))
    /// MAD sectors made read-only (AN1304): data 010, trailer 110. Bytes `07 8F 0F`.
    public static let madReadOnly = AccessBits(data: .init(code: 0b010), trailer: .init(code: 0b110))
    /// NDEF sectors as AN1304 writes them: data 000 (read and write A|B), trailer 011. Bytes `7F 07 88`.
    public static let ndefWritable = AccessBits(data: .init(code: 0b000), trailer: .init(code: 0b011))
    /// NDEF sectors made read-only (AN1304): data 010, trailer 110. Bytes `07 8F 0F`.
    public static let ndefReadOnly = AccessBits(data: .init(code: 0b010), trailer: .init(code: 0b110))

    /// Parses trailer bytes 6–8 (exactly 3 bytes), refusing any whose inverted copies disagree.
    public static func parse(_ bytes: [UInt8]) -> Result<AccessBits, AccessBitsError> {
        guard bytes.count == 3 else { return .failure(.wrongLength(count: bytes.count)) }
        func bit(_ byte: Int, _ index: Int) -> Bool { bytes[byte] >> index & 1 == 1 }
        // For each of C1, C2, C3: where the bit is and where its inverted copy is (byte index in
        // 0–2, bit offset added to the group number).
        let places: [(byte: Int, shift: Int, copyByte: Int, copyShift: Int)] = [
            (1, 4, 0, 0),  // C1: byte 7 high, ¬C1 byte 6 low
            (2, 0, 0, 4),  // C2: byte 8 low, ¬C2 byte 6 high
            (2, 4, 1, 0),  // C3: byte 8 high, ¬C3 byte 7 low
        ]
        var first: AccessBitsError?
        var mismatches = 0
        var groups: [AccessCondition] = []
        for group in 0..<4 {
            var values: [Bool] = []
            for (index, place) in places.enumerated() {
                let value = bit(place.byte, place.shift + group)
                let copy = bit(place.copyByte, place.copyShift + group)
                if value == copy {
                    mismatches += 1
                    if first == nil {
                        first = .inverseMismatch(
                            bit: index + 1, group: group, value: value, byte: place.byte + 6,
                            copyByte: place.copyByte + 6, copyBit: place.copyShift + group, mismatches: 0)
                    }
                }
                values.append(value)
            }
            groups.append(AccessCondition(c1: values[0], c2: values[1], c3: values[2]))
        }
        if case .inverseMismatch(let bit, let group, let value, let byte, let copyByte, let copyBit, _) = first {
            return .failure(
                .inverseMismatch(
                    bit: bit, group: group, value: value, byte: byte, copyByte: copyByte, copyBit: copyBit,
                    mismatches: mismatches))
        }
        return .success(AccessBits(groups: groups))
    }

    /// Trailer bytes 6–8, each bit with its inverted copy.
    public var bytes: [UInt8] {
        var c1: UInt8 = 0
        var c2: UInt8 = 0
        var c3: UInt8 = 0
        for (group, condition) in groups.enumerated() {
            if condition.c1 { c1 |= 1 << group }
            if condition.c2 { c2 |= 1 << group }
            if condition.c3 { c3 |= 1 << group }
        }
        return [(~c2 & 0x0F) << 4 | (~c1 & 0x0F), c1 << 4 | (~c3 & 0x0F), c3 << 4 | c2]
    }

    /// The condition of the trailer (group 3).
    public var trailer: AccessCondition { groups[3] }

    /// The condition of block `index` of a sector of `blocksInSector` blocks (4 or 16), or `nil`
    /// when `index` is outside the sector.
    public func condition(ofBlock index: Int, blocksInSector: Int) -> AccessCondition? {
        guard index >= 0, index < blocksInSector else { return nil }
        if index == blocksInSector - 1 { return groups[3] }
        return groups[blocksInSector == 16 ? index / 5 : min(index, 2)]
    }
}
