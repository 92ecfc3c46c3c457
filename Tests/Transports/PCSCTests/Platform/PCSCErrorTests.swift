import PCSCTransport
import Testing

@Suite struct PCSCErrorTests {
    @Test func aMissingLibraryIsATypedPlatformErrorSayingWhatToInstall() {
        do {
            _ = try PCSCLibrary.load(paths: ["/nonexistent/libpcsclite.so.1"])
            #if !canImport(PCSC)
                Issue.record("a library that does not exist was loaded")
            #endif
        } catch {
            #expect(error.origin == .platform)
            #expect(error.sentence.hasPrefix("PC/SC is not available: install pcscd"))
        }
    }

    @Test func everyCaseHasASentenceAndTheRightOrigin() {
        let cases: [(PCSCError, String)] = [
            (.serviceNotRunning(code: 0x8010_001D), "platform"),
            (.noReaders, "platform"),
            (.noCard(reader: "R", waitedMilliseconds: 10_000), "transport"),
            (.cardRemoved(reader: "R"), "transport"),
            (.readerRemoved(reader: "R"), "transport"),
            (.sharingViolation(reader: "R"), "platform"),
            (.call(function: "SCardTransmit", code: 0x8010_0016), "platform"),
        ]
        for (error, origin) in cases {
            #expect(!error.sentence.isEmpty)
            #expect(error.origin.rawValue == origin)
        }
        #expect(PCSCError.noCard(reader: "R", waitedMilliseconds: 10_000).sentence.contains("10 s"))
        #expect(PCSCError.call(function: "SCardTransmit", code: 0x8010_0016).sentence.contains("0x80100016"))
    }
}
