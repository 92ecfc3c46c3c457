import Foundation
import SUN
import Testing

// article-begin
/// The last read counter accepted per tag UID; a real backend keeps it in its database.
final class TapLedger {
    private var lastCounter: [[UInt8]: Int] = [:]

    /// Verifies a tap and records its counter; a replayed URL is refused.
    func accept(_ url: String, metaKey: [UInt8], fileKey: [UInt8]) throws(SUNError) -> SUNVerification {
        let tap = try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: fileKey)
        try SUNVerifier.checkCounter(tap, lastAccepted: lastCounter[tap.uid])
        lastCounter[tap.uid] = tap.counter
        return tap
    }
}
// article-end

/// The worked example of the DocC article "Verifying SUN messages on a backend": the code above is
/// the article's, checked line for line, and the test runs the article's calls on AN12196's URL.
@Suite struct SUNBackendArticleTests {
    @Test func theArticlesLedgerAcceptsATapOnceAndRefusesItsReplay() throws {
        let ledger = TapLedger()
        let factoryKey = [UInt8](repeating: 0, count: 16)
        let url = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"
        let tap = try ledger.accept(url, metaKey: factoryKey, fileKey: factoryKey)
        #expect(tap.uid == SUNVerifierTests.bytes("04DE5F1EACC040") && tap.counter == 61)
        #expect(throws: SUNError.counterNotIncreasing(uid: tap.uid, counter: 61, lastAccepted: 61)) {
            try ledger.accept(url, metaKey: factoryKey, fileKey: factoryKey)
        }
        // A forged URL neither verifies nor moves the ledger.
        let forged = url.replacingOccurrences(of: "c=94EE", with: "c=94EF")
        #expect(throws: SUNError.macMismatch(received: "94EFD9EE65337086")) {
            try ledger.accept(forged, metaKey: factoryKey, fileKey: factoryKey)
        }
    }

    @Test func theArticleShowsExactlyThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent(
                "Sources/TagMappings/SUN/Documentation.docc/VerifyingSUNMessages.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// article-begin\n"))
        let end = try #require(source.range(of: "// article-end"))
        let code = String(source[begin.upperBound..<end.lowerBound])
        #expect(article.contains(code))
        for call in [
            "let tap = try ledger.accept(url, metaKey: factoryKey, fileKey: factoryKey)",
            "let url = \"https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086\"",
        ] {
            #expect(article.contains(call))
        }
    }
}
