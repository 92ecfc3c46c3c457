/// One file of a card site: its path under the site's folder and its bytes.
public struct CardPageFile: Sendable, Equatable {
    /// Relative, with `/` between folders: `index.html`, `.well-known/apple-app-site-association`.
    public let path: String
    public let bytes: [UInt8]
}
