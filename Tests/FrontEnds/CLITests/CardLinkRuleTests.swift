import Foundation
import Testing

/// A `url` or `dual` card writes its link as a URI record: `write uri`'s rule holds for it too
/// (hostile newcomer, issue 39: `write card --as url` wrote a link with U+202E, a tab or no
/// scheme, said "Verified", and `read` then flagged the URI it had just written).
@Suite struct CardLinkRuleTests {
    @Test(
        "A link write uri refuses is refused as a card link, 65, before the tag is touched",
        arguments: [
            "https://ex.example/a\u{202E}b", "https://x.example/\ta\u{01}b", "no scheme here",
            "https://x.example/a\u{200B}b",
        ])
    func badLinksAreRefused(link: String) async throws {
        let home = try CLIHome("card-link")
        defer { home.remove() }
        let tag = try await home.newTag("ntag215", "card.nfc")
        let before = try Data(contentsOf: URL(fileURLWithPath: tag))
        for arguments in [
            ["write", "card", "--name", "X", "--url", link, "--as", "url", "--tag", tag],
            ["write", "card", "--name", "X", "--link", link, "--as", "dual", "--tag", tag],
            ["card", "--name", "X", "--link", link, "--as", "url"],
        ] {
            let result = await home.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.io.errorOutput)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: tag)) == before)
        let good = await home.run([
            "write", "card", "--name", "X", "--url", "https://ok.example/x", "--as", "url", "--tag", tag,
        ])
        #expect(good.status == 0, "\(good.io.errorOutput)")
    }
}
