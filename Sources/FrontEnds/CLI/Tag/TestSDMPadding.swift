import CommandLineKit
import TagEmulator
import TapCardSupport

/// A debug build's fixed PICCData padding, so a SUN tag's transcript prints the same URL each run.
///
/// An emulated NTAG 424 DNA pads the encrypted PICCData with random bytes, as the chip does
/// (NTAG 424 DNA datasheet §9.3.4), so every URL it serves differs from run to run, and a
/// transcript in the docs could only elide it. Test builds (the `TAPCARD_TEST_CLOCK` condition,
/// defined for debug builds in Package.swift, as for ``CLIClock``) read `TAPCARD_TEST_SDM_PADDING`
/// (hex) and pad every PICCData of a virtual tag with those bytes instead (cut or padded with
/// zeros to the padding's length); scripts/check-transcripts.py sets it. A release build has no
/// such code: the variable is ignored there.
enum TestSDMPadding {
    static func apply(to virtual: VirtualTag, io: some CommandIO) {
        #if TAPCARD_TEST_CLOCK
            guard case .type4(let tag) = virtual, let text = io.environment["TAPCARD_TEST_SDM_PADDING"],
                let padding = try? Hex.decode(text), !padding.isEmpty
            else { return }
            // One value per read that increments the counter; past the list the chip falls back to
            // its random padding, so the list is longer than any command reads.
            tag.challenges = .scripted(rndB: [], sdmPadding: Array(repeating: padding, count: 4096))
        #endif
    }
}
