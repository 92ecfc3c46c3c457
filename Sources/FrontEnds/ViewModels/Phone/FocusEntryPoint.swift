/// Where a focus tap was asked for. Every entry point reads the tag through the same
/// `FocusTapViewModel` path, so the same rules hold: only the paired tag (UID, chip and an
/// originality signature no worse than at pairing) starts or ends a session.
public enum FocusEntryPoint: String, Sendable, Equatable, CaseIterable {
    /// The Focus screen's button: starts a session, or ends the running one.
    case app
    /// The "Start focus session" App Intent (Shortcuts, Siri, the Action button, a widget).
    case shortcut
    /// A `tapcard://focus/start` link (a widget or another app opening TapCard).
    case link

    /// True when this entry point may end a running session. Only the app's own button can: a
    /// Shortcut or a link starts sessions only, so nothing run from outside TapCard's screen ends
    /// one — and the button still needs the paired tag.
    public var mayEnd: Bool { self == .app }

    /// "a Shortcut", "a link": for sentences.
    public var phrase: String {
        switch self {
        case .app: "the Focus screen"
        case .shortcut: "a Shortcut"
        case .link: "a link"
        }
    }
}
