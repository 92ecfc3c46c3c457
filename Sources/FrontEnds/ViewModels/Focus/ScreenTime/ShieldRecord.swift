import Foundation

/// What `FocusShieldViewModel` keeps between launches (the app stores it as JSON): the chosen
/// selection, whether shields are up and for which session, and the event log. Written before a
/// shield is raised, so a process killed in between leaves a record that lifts it later rather
/// than a shield nobody knows about.
public struct ShieldRecord: Sendable, Equatable, Codable {
    /// What the next session blocks.
    public var selection: ShieldSelection?
    /// A choice made while shields were up: it applies from the next session (otherwise choosing
    /// nothing mid-session would be a way out that skips the tag).
    public var nextSelection: ShieldSelection?
    /// The start of the session the shield decision was last made for.
    public var session: Date?
    /// True while TapCard's shields are (or may be) up.
    public var raised: Bool
    /// True once the loss of access was recorded for the running session.
    public var revocationNoted: Bool
    /// When TapCard last saw its access approved (to tell "turned off" from "never allowed").
    public var lastApproved: Date?
    /// Newest last; at most `ShieldRecord.eventLimit`.
    public var events: [ShieldEvent]

    public static let eventLimit = 200

    public init(
        selection: ShieldSelection? = nil, nextSelection: ShieldSelection? = nil, session: Date? = nil,
        raised: Bool = false, revocationNoted: Bool = false, lastApproved: Date? = nil, events: [ShieldEvent] = []
    ) {
        self.selection = selection
        self.nextSelection = nextSelection
        self.session = session
        self.raised = raised
        self.revocationNoted = revocationNoted
        self.lastApproved = lastApproved
        self.events = events
    }
}
