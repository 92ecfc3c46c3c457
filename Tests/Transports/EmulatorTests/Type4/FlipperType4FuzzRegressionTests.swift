import TagEmulator
import TestSupport
import Testing

/// What the `flipper-type4` fuzz target found (Tests/Fixtures/fuzz-regressions/flipper-type4/): an
/// `ATS` line whose TL is not its length (`ATS: 0677 71 02 80`, five bytes under TL 06). It parsed,
/// and a tag made of it would answer with an ATS its own length byte contradicts; it is refused
/// with its line, as any field of the wrong length is.
@Suite struct FlipperType4FuzzRegressionTests {
    @Test func everyFindingIsKept() {
        #expect(!FuzzRegressions.names("flipper-type4").isEmpty)
    }

    @Test func anATSWhoseTLIsNotItsLengthIsRefusedWithItsLine() throws {
        for name in FuzzRegressions.names("flipper-type4") {
            let text = String(decoding: try FuzzRegressions.bytes("flipper-type4", name), as: UTF8.self)
            #expect(throws: FlipperType4FileError.syntax(.wrongLength(field: "ATS", bytes: 5, expected: [6], line: 7)))
            {
                try FlipperType4File.parse(text)
            }
        }
    }
}
