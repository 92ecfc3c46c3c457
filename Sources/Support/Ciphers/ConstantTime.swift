/// Comparisons whose running time does not depend on the bytes compared, for MACs and keys: a
/// reader that answers "wrong MAC" faster when the first byte differs tells an attacker which byte
/// to change next.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. Every byte is looked at whatever the others are;
    /// only the lengths (which are public) decide early.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
