/// The fit advisor's report for one profile and one capacity.
public struct FitAdvice: Sendable, Equatable {
    /// The encoding that was asked for.
    public let chosen: EncodedCard
    /// The other encodings (a `url` one only when there is a link to write).
    public let alternatives: [EncodedCard]
    /// When the chosen card does not fit: the fewest optional fields to drop, or nil when no set
    /// of optional fields is enough (or the format has no fields, `url`).
    public let dropToFit: DropSuggestion?
    /// One sentence per finding, in reading order: the verdict, then the suggestion or why there
    /// is none. The alternatives' own verdicts are in ``alternatives``.
    public let explanation: [String]
}
