import Foundation

/// A tag paired with a focus profile, with the words that tell a person where to find it.
public struct PairedTag: Sendable, Equatable {
    public var identity: TagIdentity
    /// A name the person chose ("Kitchen").
    public var label: String?
    /// Where the tag lives ("kitchen drawer"); the refusal for a wrong tag names it.
    public var location: String?
    public var pairedAt: Date
    /// The originality-signature result at pairing, when the chip supports it and it was checked.
    public var signature: SignatureCheck
    /// True when the tag is an NTAG 424 DNA paired with SUN keys: a tap must then carry a SUN
    /// message whose MAC verifies and whose read counter is above the last one accepted. The keys
    /// themselves never enter this module.
    public var sunSecured: Bool

    public init(
        identity: TagIdentity, label: String? = nil, location: String? = nil, pairedAt: Date,
        signature: SignatureCheck = .notChecked, sunSecured: Bool = false
    ) {
        self.sunSecured = sunSecured
        self.identity = identity
        self.label = Self.clean(label)
        self.location = Self.clean(location)
        self.pairedAt = pairedAt
        self.signature = signature
    }

    /// "the one in the kitchen drawer", "the one labelled 'Office' at the office", or the chip
    /// and UID when the person gave neither.
    public var whereabouts: String {
        var text = "the one"
        if let label { text += " labelled '\(label)'" }
        if let location { text += " " + Self.placePhrase(location) }
        if label == nil && location == nil {
            text = "the \(identity.chip) with UID \(identity.uidText)"
        }
        return text
    }

    /// "kitchen drawer" → "in the kitchen drawer"; "at the office" stays as written.
    static func placePhrase(_ location: String) -> String {
        let lower = location.lowercased()
        let prepositions = [
            "in ", "on ", "at ", "under ", "behind ", "by ", "near ", "inside ", "next ", "beside ", "above ",
            "below ", "upstairs", "downstairs",
        ]
        if prepositions.contains(where: { lower.hasPrefix($0) }) { return location }
        let determiners = ["the ", "my ", "a ", "an ", "our ", "his ", "her ", "their "]
        if determiners.contains(where: { lower.hasPrefix($0) }) { return "in \(location)" }
        return "in the \(location)"
    }

    static func clean(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }
}
