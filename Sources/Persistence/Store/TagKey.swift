import TapCardSupport

/// How the store names a tag: UID bytes plus chip type (a `TagModel` raw value such as
/// "ntag213"). Never the NDEF content, which can be rewritten.
public struct TagKey: Hashable, Sendable, CustomStringConvertible {
    public var uid: [UInt8]
    public var chip: String

    public init(uid: [UInt8], chip: String) {
        self.uid = uid
        self.chip = chip
    }

    public var description: String { "\(chip) \(Hex.encode(uid, uppercase: true, separator: ":"))" }
}
