/// The application keys a SUN setup uses, by key number (1…4), 16 bytes each. Printing one, or
/// dumping it, shows the key numbers only: a key set never reaches a log or a screen by accident.
public struct SUNKeySet: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Key number → 16-byte AES key.
    public let keys: [Int: [UInt8]]

    public init(_ keys: [Int: [UInt8]]) {
        self.keys = keys
    }

    /// Fresh random keys for `numbers`, from the system's cryptographic generator.
    public static func random(for numbers: [Int]) -> SUNKeySet {
        var generator = SystemRandomNumberGenerator()
        var keys: [Int: [UInt8]] = [:]
        for number in numbers {
            keys[number] = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        return SUNKeySet(keys)
    }

    /// The key `number`; the factory key (16 zero bytes) when the set has none.
    public func key(_ number: Int) -> [UInt8] { keys[number] ?? [UInt8](repeating: 0, count: 16) }

    /// Format 1: 01, then per key (by number) its number and its 16 bytes.
    public var encoded: [UInt8] {
        [1] + keys.keys.sorted().flatMap { [UInt8($0)] + (keys[$0] ?? []) }
    }

    public init(encoded bytes: [UInt8]) throws(SecretStoreError) {
        guard bytes.first == 1, (bytes.count - 1) % 17 == 0 else { throw .corrupt(bytes: bytes.count) }
        var keys: [Int: [UInt8]] = [:]
        var index = 1
        while index < bytes.count {
            let number = Int(bytes[index])
            guard (0...4).contains(number), keys[number] == nil else { throw .corrupt(bytes: bytes.count) }
            keys[number] = Array(bytes[(index + 1)..<(index + 17)])
            index += 17
        }
        self.keys = keys
    }

    public var description: String {
        "SUN keys \(keys.keys.sorted().map(String.init).joined(separator: ", ")) (hidden)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
