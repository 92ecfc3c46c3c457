import Foundation

/// Something the Focus screen's shield did or noticed, kept (newest last) so the person can see
/// afterwards when the apps were blocked and when they were not, and why.
public struct ShieldEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The chosen apps were shielded for a session.
        case raised
        /// The shields were lifted because the session ended (by tag, timer or emergency exit).
        case lowered
        /// A session started and nothing was shielded (no access, nothing chosen, or a failure).
        case notRaised = "not-raised"
        /// TapCard saw that its Screen Time access was turned off while it had shields up.
        case accessTurnedOff = "access-turned-off"
    }

    public var at: Date
    public var kind: Kind
    /// What happened, in words, with the times and counts.
    public var sentence: String

    public init(at: Date, kind: Kind, sentence: String) {
        self.at = at
        self.kind = kind
        self.sentence = sentence
    }
}
