import Foundation
import Testing

/// `copy` says before writing whether the message fits, in the figures of `write`'s refusal: the
/// message's size, the target's capacity and who gave it (reported by the tag, or assumed from
/// the model for a tag not formatted), and the difference. A message one byte too big for a
/// MIFARE Classic 1K was explained as "needs 717 bytes; the NDEF sectors hold 720, and … 720
/// bytes are left for the TLV itself".
@Suite struct CopyFitSentenceTests {
    /// A virtual `model` tag holding one text record of `letters` characters (a message of
    /// `letters + 7` bytes up to 255, `letters + 10` beyond).
    static func source(_ home: CLIHome, _ model: String, letters: Int) async throws -> String {
        let path = try await home.newTag(model, "source-\(letters).nfc")
        let written = await home.run(["write", "text", String(repeating: "a", count: letters), "--tag", path])
        #expect(written.status == 0, "\(written.io.errorOutput)")
        return path
    }

    @Test("One byte too big for an NTAG213: both figures, who reported them, and the byte over")
    func oneByteTooBigForAType2Tag() async throws {
        let home = try CLIHome("copy-fit-t2")
        defer { home.remove() }
        let source = try await Self.source(home, "ntag215", letters: 131)
        let target = try await home.newTag("ntag213", "target.nfc")
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let copied = await home.run(["copy", source, "--tag", target])
        #expect(copied.status == 1)
        #expect(
            copied.io.outputText
                == "Copying a 138-byte message from \(source) to \(target): it does NOT fit: the tag holds at most 137 bytes (reported by the tag); it is 1 byte too big.\n"
        )
        #expect(
            copied.io.errorOutput.contains(
                "The message is 138 bytes but this tag holds at most 137 bytes (reported by its Capability Container and TLVs); it is 1 byte too big."
            ), "\(copied.io.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        // One byte less fits exactly, and says so.
        let exact = try await Self.source(home, "ntag215", letters: 130)
        let fits = await home.run(["copy", exact, "--tag", target])
        #expect(fits.status == 0, "\(fits.io.errorOutput)")
        #expect(
            fits.io.outputText.hasPrefix(
                "Copying a 137-byte message from \(exact) to \(target): it fits: the tag holds at most 137 bytes (reported by the tag); 0 bytes to spare.\n"
            ), "\(fits.io.outputText)")
    }

    @Test("One byte too big for a MIFARE Classic 1K: copy and write give the same figures")
    func oneByteTooBigForAClassicCard() async throws {
        let home = try CLIHome("copy-fit-classic")
        defer { home.remove() }
        let source = try await Self.source(home, "ntag216", letters: 707)
        let target = try await home.newTag("mifare-classic-1k", "card.nfc")
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let refusal =
            "The message is 717 bytes but this card holds at most 716 bytes (reported by its MAD: the NDEF sectors hold 720 bytes, less the NDEF TLV's type and length bytes); it is 1 byte too big. Nothing was written."
        let copied = await home.run(["copy", source, "--tag", target])
        #expect(copied.status == 1)
        #expect(
            copied.io.outputText
                == "Copying a 717-byte message from \(source) to \(target): it does NOT fit: the tag holds at most 716 bytes (reported by the tag); it is 1 byte too big.\n"
        )
        #expect(copied.io.errorOutput.contains(refusal), "\(copied.io.errorOutput)")
        let written = await home.run(["write", "text", String(repeating: "a", count: 707), "--tag", target])
        #expect(written.status == 1)
        #expect(written.io.errorOutput.contains(refusal), "\(written.io.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
    }

    @Test("One byte too big for a Type 3, 4 or 5 tag: write's refusal gives the difference too")
    func oneByteTooBigForTypes3To5() async throws {
        let home = try CLIHome("copy-fit-t345")
        defer { home.remove() }
        let big = home.path + "/big.nfc"
        #expect(await home.run(["sim", "new", "desfire-ev2-8k", big, "--blank"]).status == 0)
        #expect(await home.run(["format", "--tag", big, "--ndef-size", "4096"]).status == 0)
        // (target model, capacity, letters of a text record one byte over it)
        for (model, capacity, letters) in [
            ("felica-lite-s", 208, 202), ("icode-slix2", 308, 299), ("type4", 2046, 2037),
        ] {
            let written = await home.run(["write", "text", String(repeating: "a", count: letters), "--tag", big])
            #expect(written.status == 0, "\(written.io.errorOutput)")
            let target = try await home.newTag(model, "\(model).nfc")
            let copied = await home.run(["copy", big, "--tag", target])
            #expect(copied.status == 1, "\(model)")
            #expect(
                copied.io.outputText.contains(
                    "it does NOT fit: the tag holds at most \(capacity) bytes (reported by the tag); it is 1 byte too big."
                ),
                "\(model): \(copied.io.outputText)")
            #expect(
                copied.io.errorOutput.contains("The message is \(capacity + 1) bytes; "), "\(copied.io.errorOutput)")
            #expect(
                copied.io.errorOutput.contains("; it is 1 byte too big. Nothing was written."),
                "\(model): \(copied.io.errorOutput)")
        }
    }

    @Test("A target not formatted: the capacity is the model's, and said to be assumed")
    func anUnformattedTargetsCapacityIsAssumed() async throws {
        let home = try CLIHome("copy-fit-blank")
        defer { home.remove() }
        let source = try await Self.source(home, "ntag215", letters: 131)
        let target = home.path + "/blank.nfc"
        #expect(await home.run(["sim", "new", "ntag213", target, "--blank"]).status == 0)
        let copied = await home.run(["copy", source, "--tag", target])
        #expect(copied.status == 1)
        #expect(
            copied.io.outputText
                == "Copying a 138-byte message from \(source) to \(target): it does NOT fit: assuming the model default, the tag holds at most 137 bytes once formatted (it reports no capacity before); it is 1 byte too big.\n"
        )
    }
}
