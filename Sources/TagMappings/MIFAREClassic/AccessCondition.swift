/// The three access bits C1 C2 C3 of one block group of a sector, and what they grant
/// (MF1S50 / MF1S70 datasheets, §8.7 "Memory access": the data-block and sector-trailer tables).
public struct AccessCondition: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var c1: Bool
    public var c2: Bool
    public var c3: Bool

    public init(c1: Bool, c2: Bool, c3: Bool) {
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
    }

    /// `C1 C2 C3` as a 3-bit number, C1 the most significant bit (the datasheet's row order).
    public init(code: UInt8) {
        self.init(c1: code & 0b100 != 0, c2: code & 0b010 != 0, c3: code & 0b001 != 0)
    }

    /// `C1 C2 C3` as a 3-bit number, C1 the most significant bit.
    public var code: UInt8 { (c1 ? 0b100 : 0) | (c2 ? 0b010 : 0) | (c3 ? 0b001 : 0) }

    /// "C1C2C3 = 100".
    public var description: String { "C1C2C3 = \(c1 ? 1 : 0)\(c2 ? 1 : 0)\(c3 ? 1 : 0)" }

    /// What these bits grant on a data block (the datasheet's data-block table).
    public var dataBlock: DataBlockRule {
        switch code {
        case 0b000: DataBlockRule(read: .keyAOrB, write: .keyAOrB, increment: .keyAOrB, decrement: .keyAOrB)
        case 0b010: DataBlockRule(read: .keyAOrB, write: .never, increment: .never, decrement: .never)
        case 0b100: DataBlockRule(read: .keyAOrB, write: .keyB, increment: .never, decrement: .never)
        case 0b110: DataBlockRule(read: .keyAOrB, write: .keyB, increment: .keyB, decrement: .keyAOrB)
        case 0b001: DataBlockRule(read: .keyAOrB, write: .never, increment: .never, decrement: .keyAOrB)
        case 0b011: DataBlockRule(read: .keyB, write: .keyB, increment: .never, decrement: .never)
        case 0b101: DataBlockRule(read: .keyB, write: .never, increment: .never, decrement: .never)
        default: DataBlockRule(read: .never, write: .never, increment: .never, decrement: .never)
        }
    }

    /// What these bits grant on the sector trailer (the datasheet's sector-trailer table).
    public var trailer: TrailerRule {
        switch code {
        case 0b000:
            TrailerRule(
                keyARead: .never, keyAWrite: .keyA, accessBitsRead: .keyA, accessBitsWrite: .never, keyBRead: .keyA,
                keyBWrite: .keyA)
        case 0b010:
            TrailerRule(
                keyARead: .never, keyAWrite: .never, accessBitsRead: .keyA, accessBitsWrite: .never, keyBRead: .keyA,
                keyBWrite: .never)
        case 0b100:
            TrailerRule(
                keyARead: .never, keyAWrite: .keyB, accessBitsRead: .keyAOrB, accessBitsWrite: .never,
                keyBRead: .never, keyBWrite: .keyB)
        case 0b110:
            TrailerRule(
                keyARead: .never, keyAWrite: .never, accessBitsRead: .keyAOrB, accessBitsWrite: .never,
                keyBRead: .never, keyBWrite: .never)
        case 0b001:
            TrailerRule(
                keyARead: .never, keyAWrite: .keyA, accessBitsRead: .keyA, accessBitsWrite: .keyA, keyBRead: .keyA,
                keyBWrite: .keyA)
        case 0b011:
            TrailerRule(
                keyARead: .never, keyAWrite: .keyB, accessBitsRead: .keyAOrB, accessBitsWrite: .keyB,
                keyBRead: .never, keyBWrite: .keyB)
        case 0b101:
            TrailerRule(
                keyARead: .never, keyAWrite: .never, accessBitsRead: .keyAOrB, accessBitsWrite: .keyB,
                keyBRead: .never, keyBWrite: .never)
        default:
            TrailerRule(
                keyARead: .never, keyAWrite: .never, accessBitsRead: .keyAOrB, accessBitsWrite: .never,
                keyBRead: .never, keyBWrite: .never)
        }
    }
}
