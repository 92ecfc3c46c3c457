import TagCatalog
import TapCardSupport

/// "This verb is not for this tag": one refusal, worded and numbered the same for every verb and
/// every tag type (origin `refusal`, so exit status 1 on the command line: the command line was
/// right, the tag cannot do it). Nothing that changes the tag was sent.
public struct VerbRefusal: TapCardError, Equatable {
    /// The verb as a person types it ("protect", "format", "ntag424 keys").
    public var verb: String
    /// The chip, as the driver identified it ("FeliCa Lite-S", "unknown Type 4 tag").
    public var chip: String
    public var forumType: Int
    /// Why, in words that finish "this tag …" ("has no page password").
    public var reason: String

    public init(verb: String, facts: TagFacts, reason: String) {
        self.verb = verb
        self.chip = facts.chipName
        self.forumType = facts.forumType
        self.reason = reason
    }

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        "'\(verb)' does not apply to this tag: it is \(article) \(chip) (\(TagFacts.typePhrase(forumType: forumType))), which \(reason). Nothing was written."
    }

    private var article: String {
        let vowel = ["a", "e", "i", "o", "u"].contains { chip.lowercased().hasPrefix($0) }
        let spelled = ["NTAG", "ICODE", "ST25"].contains { chip.hasPrefix($0) }
        return vowel || spelled ? "an" : "a"
    }
}
