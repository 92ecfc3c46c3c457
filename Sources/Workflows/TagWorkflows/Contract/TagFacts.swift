import TagCatalog
import TagFrames

/// Who a tag is, as its driver identified it: the same fields for every tag type, so a front end
/// names a tag, its chip and how it knows without a switch over types.
public struct TagFacts: Sendable, Equatable {
    /// The UID (Type 3: the IDm), as the tag or its carrier gave it; `nil` when nobody did.
    public var uid: [UInt8]?
    /// The catalog model, `nil` for a chip TapCard has no facts for.
    public var model: TagModel?
    /// The NFC Forum tag type (2, 3, 4 or 5).
    public var forumType: Int
    public var technology: AirTechnology
    /// How the chip was identified, in words ("GET_VERSION", "GetVersion", "PMm IC code",
    /// "UID and GET SYSTEM INFO", "declared by the virtual tag file", or an "assuming …" sentence).
    public var identifiedBy: String

    public init(uid: [UInt8]?, model: TagModel?, forumType: Int, technology: AirTechnology, identifiedBy: String) {
        self.uid = uid
        self.model = model
        self.forumType = forumType
        self.technology = technology
        self.identifiedBy = identifiedBy
    }

    /// The chip's name, computed in this one place for every front end and the store: the
    /// model's ("NTAG213", "FeliCa Lite-S"), else "unknown Type N tag".
    public var chipName: String { model?.displayName ?? "unknown Type \(forumType) tag" }

    /// "an NFC Forum Type 4 tag", or for a forum type of 0 "a MIFARE Classic (no NFC Forum type)":
    /// how a sentence names the kind of tag it refuses.
    public static func kindPhrase(forumType: Int) -> String {
        forumType == 0 ? "a MIFARE Classic (\(typePhrase(forumType: 0)))" : "an \(typePhrase(forumType: forumType)) tag"
    }

    /// "NFC Forum Type 4", or "no NFC Forum type" for a forum type of 0 (a MIFARE Classic): the one
    /// place that says what forum type 0 means.
    public static func typePhrase(forumType: Int) -> String {
        forumType == 0 ? "no NFC Forum type" : "NFC Forum Type \(forumType)"
    }
}
