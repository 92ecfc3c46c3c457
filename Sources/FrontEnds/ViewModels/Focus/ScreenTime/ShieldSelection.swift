import Foundation

/// The apps, categories and web domains the person chose to block, as the view models see them:
/// opaque bytes (the app stores Screen Time's own `FamilyActivitySelection`, which only the
/// picker can read) and the counts, so the screen can say what a session will block.
public struct ShieldSelection: Sendable, Equatable, Codable {
    /// The encoded selection (JSON of `FamilyActivitySelection` in the app).
    public var data: Data
    public var applications: Int
    public var categories: Int
    public var webDomains: Int

    public init(data: Data, applications: Int, categories: Int, webDomains: Int) {
        self.data = data
        self.applications = applications
        self.categories = categories
        self.webDomains = webDomains
    }

    /// Nothing chosen: a session would block nothing.
    public var isEmpty: Bool { applications == 0 && categories == 0 && webDomains == 0 }

    /// "3 apps, 1 category and 2 websites".
    public var summary: String {
        let parts = [
            Self.count(applications, "app", "apps"), Self.count(categories, "category", "categories"),
            Self.count(webDomains, "website", "websites"),
        ].compactMap { $0 }
        switch parts.count {
        case 0: return "nothing"
        case 1: return parts[0]
        default: return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        }
    }

    static func count(_ value: Int, _ one: String, _ many: String) -> String? {
        value == 0 ? nil : "\(value) \(value == 1 ? one : many)"
    }
}
