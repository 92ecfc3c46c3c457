import Foundation
import TapCardCLI
import Testing

/// `tapcard sun verify`: the verdict, its JSON v1 object and its exit statuses (0 valid, 1
/// refused, 65 malformed), on AN12196's URLs (shared/reference/type4-type5-ntag424.md §2.8 S2, S3).
@Suite struct SUNVerifyCommandTests {
    static let zero = String(repeating: "0", count: 32)
    static let s3 =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"

    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aValidURLGivesUIDCounterAndFileData() async throws {
        let result = await run(["sun", "verify", Self.s3, "--meta-key", Self.zero, "--file-key", Self.zero, "--json"])
        #expect(result.status == 0)
        let json = try object(result.io.outputText)
        #expect(json["valid"] as? Bool == true)
        #expect(json["uid"] as? String == "04958caa5c5e80")
        #expect(json["counter"] as? Int == 8)
        #expect(json["file_text"] as? String == "xxxxxxxxxxxxxxxx")
        #expect(json["reason"] is NSNull)
    }

    @Test func refusalsAndMalformedInput() async throws {
        let altered = Self.s3.replacingOccurrences(of: "cmac=ECC1", with: "cmac=ECC0")
        let refused = await run(["sun", "verify", altered, "--meta-key", Self.zero, "--file-key", Self.zero, "--json"])
        #expect(refused.status == 1)
        let json = try object(refused.io.outputText)
        #expect(json["valid"] as? Bool == false && json["reason"] as? String == "mac-mismatch")
        // The right MAC is never revealed.
        #expect(
            !refused.io.outputText.contains("ECC1E7F6C6C73BF6") && !refused.io.errorOutput.contains("ECC1E7F6C6C73BF6"))
        let wrongMeta = await run([
            "sun", "verify", Self.s3, "--meta-key", String(repeating: "1", count: 32), "--file-key", Self.zero,
        ])
        #expect(wrongMeta.status == 1 && wrongMeta.io.errorOutput.contains("meta key is wrong"))
        let malformed = await run([
            "sun", "verify", "https://x.example/?e=00&c=11", "--meta-key", Self.zero, "--file-key", Self.zero,
        ])
        #expect(malformed.status == 65)
        let shortKey = await run(["sun", "verify", Self.s3, "--meta-key", "0011", "--file-key", Self.zero])
        #expect(shortKey.status == 65 && shortKey.io.errorOutput.contains("this one has 2"))
        let missing = await run(["sun", "verify", Self.s3, "--file-key", Self.zero])
        #expect(missing.status == 64)
    }
}
