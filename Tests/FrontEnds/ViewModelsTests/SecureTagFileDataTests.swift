#if os(Linux)
    import CoreNFCTransport
    import SUN
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type4

    @testable import ViewModels

    /// `{enc}` templates in "Make this a secure tag": the typed file data goes on the tag, the URL
    /// read back decrypts to it with the stored file key, and the data never appears on screen.
    @MainActor
    @Suite struct SecureTagFileDataTests {
        static let template = "https://example.com/t?picc_data={picc}&enc={enc}&cmac={mac}"
        static let fileData: [UInt8] = Array(0x10..<0x20)

        @Test func anEncTemplateWithFileDataIsSetUpAndItsDataDecrypts() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            let model = SecureTagViewModelTests.model(bench, store)
            model.template = Self.template
            model.fileData = Hex.encode(Self.fileData, separator: " ")
            #expect(model.canStart, "\(model.blocker ?? "")")
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            let receipt = try #require(model.state.outcome, "\(model.state)")
            let verification = try #require(receipt.check.verification, "\(receipt.check.failure ?? "")")
            #expect(verification.fileData == Self.fileData)
            let keys = try #require(try store.loadKeys(forTag: sampleUID))
            SecureTagViewModelTests.expectNoKey(SecureTagViewModelTests.texts(model), keys)
            let texts = SecureTagViewModelTests.texts(model)
            #expect(!texts.contains { $0.contains(Hex.encode(Self.fileData)) }, "the file data is never shown")
        }

        @Test func anEncTemplateWithoutFileDataIsRefusedInThePhonesWordsBeforeAnySession() {
            let bench = Type4Bench(model: .ntag424DNA)
            let model = SecureTagViewModelTests.model(bench, MemorySecretStore())
            model.template = Self.template
            let blocker = model.blocker
            #expect(blocker?.contains("no file data was entered") == true, "\(blocker ?? "")")
            #expect(blocker.map(PhoneSentenceTests.speaksCLI) == false)
            model.fileData = "12 34 5"
            #expect(model.blocker?.hasPrefix("The file data must be hex digits") == true)
            model.fileData = "1234"
            #expect(model.blocker == SUNTemplateError.fileDataLength(bytes: 2).sentence)
            #expect(!model.canStart)
        }
    }
#endif
