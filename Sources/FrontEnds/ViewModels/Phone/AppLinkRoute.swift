import Foundation

/// What a URL that opened TapCard asks for.
public enum AppLinkRoute: Sendable, Equatable {
    /// `tapcard://focus/start`: start a focus session (a widget's or another app's link).
    case startFocus
    /// An `https` link (a card page, opened as a universal link).
    case page(String)

    /// The scheme of TapCard's own links (Info.plist `CFBundleURLTypes`).
    public static let scheme = "tapcard"

    /// `nil` for a URL TapCard has nothing to do with.
    public init?(_ url: URL) {
        switch url.scheme?.lowercased() {
        case Self.scheme?:
            let path = ([url.host ?? ""] + url.pathComponents.filter { $0 != "/" }).filter { !$0.isEmpty }
            guard path.map({ $0.lowercased() }) == ["focus", "start"] else { return nil }
            self = .startFocus
        case "https"?:
            self = .page(url.absoluteString)
        default:
            return nil
        }
    }
}
