import Foundation

/// A tag paired with a profile, with the tag's inventory row (label, location, latest signature
/// sighting) and the signature verdict the pairing was made with.
public struct PairedTagRecord: Sendable, Equatable {
    public var tag: TagRecord
    public var pairedAt: Date
    /// The verdict at pairing. Taps never change it (they update `tag.signature`, the
    /// inventory's latest sighting); only pairing again does.
    public var signature: SignatureRecord?
    /// True when confirmed SUN keys are stored for the tag (`TapCardStore.focusSUNKeys`).
    public var sunSecured: Bool

    public init(tag: TagRecord, pairedAt: Date, signature: SignatureRecord? = nil, sunSecured: Bool = false) {
        self.tag = tag
        self.sunSecured = sunSecured
        self.pairedAt = pairedAt
        self.signature = signature
    }
}
