import TagEmulator
import TestSupport
import Testing

/// The Flipper Mifare Classic reader is total: a file with bytes changed at random loads or is
/// refused with an ``EmulatorError``, never traps; and what loads saves to a file that loads to
/// the same blocks.
@Suite struct ClassicFlipperFilePropertyTests {
    @Test func mutatedFilesLoadOrAreRefusedAndWhatLoadsRoundTrips() throws {
        let original = Array(ClassicFlipperFileTests.handWritten().utf8)
        let alphabet = Array("0123456789ABCDEF? :\n\r#xyz".utf8)
        var rng = SplitMix64(seed: 28)
        var loaded = 0
        var refused = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let index = Int(rng.next() % UInt64(bytes.count))
                bytes[index] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            do {
                guard case .classic(let tag) = try VirtualTag.decode(String(decoding: bytes, as: UTF8.self)) else {
                    continue
                }
                loaded += 1
                guard case .classic(let again) = try VirtualTag.decode(VirtualTag.classic(tag).encoded) else {
                    Issue.record("a saved Classic file does not load as one")
                    continue
                }
                #expect(again.blocks == tag.blocks && again.uid == tag.uid && again.model == tag.model)
            } catch {
                refused += 1
                #expect(!error.sentence.isEmpty)
            }
        }
        // Both outcomes occur, or the mutations test nothing.
        #expect(loaded > 0 && refused > 0, "loaded \(loaded), refused \(refused)")
    }
}
