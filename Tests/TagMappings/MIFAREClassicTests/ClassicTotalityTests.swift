import MIFAREClassic
import Testing

/// The parsers are total: random bytes never trap, and what parses encodes back to its bytes.
@Suite struct ClassicTotalityTests {
    @Test func randomBytesNeverTrapAndAcceptedBytesRoundTrip() {
        var generator = SplitMix64(seed: 0xC1A5_51C)
        var acceptedTrailers = 0
        var madCards = 0
        for round in 0..<3000 {
            var trailer = (0..<(round % 2 == 0 ? 16 : round % 20)).map { _ in generator.byte() }
            if round % 4 == 0 {
                // Valid access bytes in every fourth trailer, so the accepting branch is reached.
                let groups = (0..<4).map { _ in AccessCondition(code: generator.byte() & 0b111) }
                trailer.replaceSubrange(6..<9, with: AccessBits(groups: groups).bytes)
            }
            if case .success(let parsed) = SectorTrailer.parse(trailer) {
                acceptedTrailers += 1
                #expect(parsed.bytes == trailer)
            }
            let layout = ClassicLayout.allCases[round % 3]
            let blockCount = Int(generator.next() % UInt64(layout.blockCount + 8))
            var image = (0..<blockCount).map { _ in (0..<16).map { _ in generator.byte() } }
            if round % 2 == 0, blockCount > 3 {
                // Give half the images a MAD whose CRC checks, to reach the area reader.
                image[3][9] = 0xC1
                let body = Array((image[1] + image[2])[1...])
                image[1][0] = MADCRC.compute(body)
            }
            if round % 7 == 0, blockCount > 5 { image[5] = [0x01] }
            if case .success(let mad) = MAD.read(image: image) {
                madCards += 1
                let area = ClassicNDEFArea.read(image: image, layout: layout, mad: mad)
                #expect(area.bytes.count <= area.capacity)
                if let ndef = area.walk.ndef { #expect(ndef.message.count == ndef.length) }
            }
            _ = ClassicNDEFArea.read(image: image, layout: layout)
        }
        // The generator reaches both branches (otherwise this test proves nothing).
        #expect(acceptedTrailers > 0)
        #expect(madCards > 0)
    }
}
