#if FUZZING
    import TagEmulator

    /// `FlipperNFC.parse` on arbitrary text (a `.nfc` file from anywhere). A parsed dump must
    /// render to a file that parses to the same dump; a dump of a modelled chip must load into the
    /// emulator or be refused with an error, never trap.
    enum FlipperFuzz {
        static let target = FuzzTarget(name: "flipper") { input in
            let text = String(decoding: input, as: UTF8.self)
            let dump: FlipperDump
            do throws(FlipperNFCError) {
                dump = try FlipperNFC.parse(text)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let rendered = FlipperNFC.render(dump)
            guard let again = try? FlipperNFC.parse(rendered) else { violated("rendered dump rejected", input) }
            if again.pages != dump.pages || again.uid != dump.uid || again.model != dump.model {
                violated("parse → render → parse changed the dump", input)
            }
            _ = try? EmulatedTag(dump: dump)
        }
    }
#endif
