import PCSCTransport
import Testing

@Suite struct ReaderSelectorTests {
    let readers = ["Virtual PCD 00 00", "Virtual PCD 00 01", "ACS ACR122U PICC Interface 00 00"]

    @Test func indexesExactNamesAndUniquePartsResolve() throws {
        #expect(try ReaderSelector("1").resolve(in: readers) == "Virtual PCD 00 01")
        #expect(try ReaderSelector("Virtual PCD 00 00").resolve(in: readers) == "Virtual PCD 00 00")
        #expect(try ReaderSelector("acr122").resolve(in: readers) == "ACS ACR122U PICC Interface 00 00")
    }

    @Test func ambiguousOrMissingNamesAreInputErrorsListingTheReaders() {
        #expect(throws: PCSCError.readerNotFound(selector: "Virtual", available: readers)) {
            try ReaderSelector("Virtual").resolve(in: readers)
        }
        #expect(throws: PCSCError.readerNotFound(selector: "3", available: readers)) {
            try ReaderSelector("3").resolve(in: readers)
        }
        let error = PCSCError.readerNotFound(selector: "x", available: readers)
        #expect(error.origin == .input)
        #expect(error.sentence.contains("'Virtual PCD 00 01'"))
    }
}
