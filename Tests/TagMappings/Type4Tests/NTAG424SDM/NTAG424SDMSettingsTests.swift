import TestSupport
import Testing
import Type4

@Suite struct NTAG424SDMSettingsTests {
    /// V-SM-1 (AN12196 §5.3 GetFileSettings): `00 40 EEEE 000100 D1 FE00 1F0000 440000 440000 200000 6A0000`.
    @Test func decodesAN12196Answer() throws {
        let answer: [UInt8] = [
            0x00, 0x40, 0xEE, 0xEE, 0x00, 0x01, 0x00, 0xD1, 0xFE, 0x00, 0x1F, 0, 0, 0x44, 0, 0, 0x44, 0, 0, 0x20, 0,
            0, 0x6A, 0, 0,
        ]
        let file = try NTAG424FileSettings.parse(answer).get()
        let sdm = try #require(try file.sdm?.get())
        #expect(sdm.options == 0xD1)
        #expect(sdm.counterRetrieval == .free)
        #expect(sdm.metaRead == .key(0))
        #expect(sdm.fileRead == .key(0))
        #expect(sdm.piccDataOffset == 0x1F)
        #expect(sdm.macInputOffset == 0x44)
        #expect(sdm.encOffset == 0x44)
        #expect(sdm.encLength == 0x20)
        #expect(sdm.macOffset == 0x6A)
        #expect(sdm.bytes == Array(answer[7...]))
        #expect(sdm.phrases.contains("UID and read counter mirrored encrypted (PICCData) with key 0"))
        #expect(sdm.phrases.contains("16 bytes of file data mirrored encrypted (32 hex characters)"))
    }

    @Test func truncatedAndTrailing() {
        #expect(NTAG424SDMSettings.parse([0xC1, 0xFF]) == .failure(.sdmTruncated(field: "SDMAccessRights", bytes: 2)))
        #expect(
            NTAG424SDMSettings.parse([0xC1, 0xFF, 0x00, 0x1A, 0])
                == .failure(.sdmTruncated(field: "PICCDataOffset", bytes: 5)))
        #expect(NTAG424SDMSettings.parse([0x01, 0xFF, 0xFF, 0x00]) == .failure(.sdmTrailing(bytes: 1)))
    }

    /// Total on random bytes: every input parses or fails with a named field, and what parses
    /// encodes back to the same bytes.
    @Test func totalAndRoundTripOnRandomBytes() {
        var generator = SplitMix64(seed: 424)
        var parsed = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if case .success(let settings) = NTAG424SDMSettings.parse(bytes) {
                parsed += 1
                #expect(settings.bytes == bytes)
                _ = settings.phrases
            }
        }
        #expect(parsed > 0)
    }
}
