import Foundation
import TapCardCLI
import Testing

/// `write text --lang` takes exactly the check `encode text --lang` does (the NDEF codec's
/// `TextRecord.checkLanguage`): a refusal is malformed input (exit 65, a value a rule refuses,
/// as the exit-code table says), with the same words, before anything is sent to the tag.
@Suite struct LanguageOptionTests {
    static let badLanguages = ["", "日本", String(repeating: "a", count: 128), "en_US"]

    @Test(arguments: badLanguages)
    func writeRefusesWhatEncodeRefusesWithTheSameMessage(_ language: String) async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = try await TagFileLockCLITests.newTag(home)
        _ = await TagFileLockCLITests.run(["write", "text", "before", "--tag", path], home: home)
        let before = try TagFileLockCLITests.bytes(path)

        let encode = await TagFileLockCLITests.run(["encode", "text", "hi", "--lang", language], home: home)
        let write = await TagFileLockCLITests.run(
            ["write", "text", "hi", "--lang", language, "--tag", path], home: home)
        #expect(encode.status == 65)
        #expect(write.status == 65)
        #expect(write.out.isEmpty)
        #expect(write.err.hasPrefix("error: --lang: "), "\(write.err)")
        #expect(write.err == encode.err)
        #expect(try TagFileLockCLITests.bytes(path) == before, "a refused write leaves the tag file byte-identical")
        let read = await TagFileLockCLITests.run(["read", "--tag", path], home: home)
        #expect(read.out.contains("before"))
    }

    @Test func theExactMessages() async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let empty = await TagFileLockCLITests.run(["write", "text", "hi", "--lang", ""], home: home)
        #expect(
            empty.err
                == "error: --lang: The language code is empty; a Text record must name its language (NFC Forum Text RTD 1.0 §3.2.1), e.g. en or fr-CA.\n"
        )
        let japanese = await TagFileLockCLITests.run(["encode", "text", "hi", "--lang", "日本"], home: home)
        #expect(
            japanese.err
                == "error: --lang: The language code '日本' has '日' at character 1, which is not US-ASCII; a Text record's language code is an ASCII language tag (NFC Forum Text RTD 1.0 §3.2.1), e.g. en or ja.\n"
        )
        // Nothing was even opened: the refusal comes before the default tag would be created.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
    }

    @Test func goodLanguagesStillWork() async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for language in ["fr", "fr-CA", "zh-Hant-TW"] {
            let write = await TagFileLockCLITests.run(["write", "text", "Bonjour", "--lang", language], home: home)
            #expect(write.status == 0, "\(write.err)")
            #expect(write.out.contains("Verified"))
            let read = await TagFileLockCLITests.run(["read"], home: home)
            #expect(read.out.contains("Text (\(language), UTF-8): Bonjour"))
            let poster = await TagFileLockCLITests.run(
                ["encode", "smartposter", "https://example.com", "--title", "Hi", "--lang", language], home: home)
            #expect(poster.status == 0, "\(poster.err)")
        }
    }
}
