#if FUZZING
    import TagEmulator

    /// `VirtualTag.decode` on arbitrary text: every virtual tag file format TapCard reads, picked
    /// as `--tag FILE` picks it (TapCard's Type 4 text format with its DESFire applications, Flipper
    /// Zero's SLIX/ISO15693-3, FeliCa, Mifare Classic and NTAG/Ultralight files).
    ///
    /// Invariants: a refusal has a sentence; a file that decodes encodes to text that decodes
    /// again to the same text (the round trip `sim export`/`emulate` rely on); the tag it makes
    /// keeps what it was given.
    enum VirtualTagFileFuzz {
        static let target = FuzzTarget(name: "virtualtag", maxLength: 16_384) { input in
            let text = String(decoding: input, as: UTF8.self)
            let tag: VirtualTag
            do throws(EmulatorError) {
                tag = try VirtualTag.decode(text, path: "fuzz")
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let encoded = tag.encoded
            let again: VirtualTag
            do throws(EmulatorError) {
                again = try VirtualTag.decode(encoded, path: "fuzz")
            } catch {
                violated("an encoded tag was refused: \(error.sentence)", input)
            }
            if again.encoded != encoded { violated("decode → encode → decode changed the file", input) }
        }
    }
#endif
