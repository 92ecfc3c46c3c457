import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// `tapcard info` says what the originality signature shows — the verdict first, then the
/// statement of what it does and does not prove — in text and in JSON.
@Suite struct InfoCommandTests {
    let home = NSTemporaryDirectory() + "tapcard-info-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    func lines(_ text: String, startingWith prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    @Test("A real NTAG213 dump: the signature verifies under NXP's NTAG21x key, and info says so")
    func realSignatureIsValid() async throws {
        // Tests/Fixtures/type2-real/real_talking_sasquach_ntag213: its expected.json notes that the
        // signature 77BB…7588 verifies for UID 04 5E C8 BA 07 4F 81.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc")
        let text = await run(["info", "--tag", fixture.path])
        #expect(text.status == 0, "\(text.err)")
        #expect(
            lines(text.out, startingWith: "Originality signature: ") == [
                "Originality signature: valid (NXP's NTAG21x key), "
                    + "77BB86F3B2D663ECE01D0A72C8A509E8DBB334D6A61C1B902F0D2DBB869C7588"
            ])
        #expect(text.out.contains("verifies under NXP's NTAG21x key"))
        #expect(text.out.contains("This does not prove this tag is that chip"))

        let json = await run(["info", "--tag", fixture.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let signature = try #require(object["signature"] as? [String: Any])
        let verdict = try #require(signature["verdict"] as? [String: Any])
        #expect(verdict["state"] as? String == "valid")
        #expect(verdict["key"] as? String == "NTAG21x")
        #expect((signature["statement"] as? String)?.contains("does not prove this tag is that chip") == true)
    }

    @Test("A virtual tag answers READ_SIG with zeros: invalid, and info says nothing shows NXP issued it")
    func zeroSignatureIsInvalid() async throws {
        let tag = home + "/zeros.nfc"
        #expect(await run(["sim", "new", "ntag213", tag, "--uid", "04112233445566"]).status == 0)
        let text = await run(["info", "--tag", tag])
        #expect(text.status == 0, "\(text.err)")
        #expect(
            lines(text.out, startingWith: "Originality signature: ") == [
                "Originality signature: invalid, " + String(repeating: "0", count: 64)
            ])
        #expect(text.out.contains("all-zero signature"))
        #expect(text.out.contains("nothing shows UID 04 11 22 33 44 55 66 was issued by NXP"))
        #expect(!text.out.contains("verifies under"))

        let json = await run(["info", "--tag", tag, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let signature = try #require(object["signature"] as? [String: Any])
        #expect((signature["verdict"] as? [String: Any])?["state"] as? String == "invalid")
    }

    @Test("A chip without READ_SIG (MIFARE Ultralight): not checked, and the reason")
    func noSignatureIsNotChecked() async throws {
        let tag = home + "/ultralight.nfc"
        #expect(await run(["sim", "new", "ultralight", tag]).status == 0)
        let text = await run(["info", "--tag", tag])
        #expect(text.status == 0, "\(text.err)")
        #expect(lines(text.out, startingWith: "Originality signature: ") == ["Originality signature: not checked"])
        #expect(text.out.contains("could not be checked: the tag did not return an originality signature"))
    }
}
