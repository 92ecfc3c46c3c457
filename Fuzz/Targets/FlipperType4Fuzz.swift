#if FUZZING
    import TagEmulator

    /// `FlipperType4File.parse` on arbitrary text (a Momentum / Unleashed `Type 4 Tag` or
    /// `NTAG4xx` file from anywhere).
    ///
    /// Invariants: a refusal has a sentence; a parsed Type 4 Tag has its message and no version,
    /// an NTAG4xx a 29-byte version and no message; an ATS's TL is its length; a dump makes a tag
    /// or is refused with an error, never a trap, and a tag made renders to a file that parses to
    /// the same message and UID.
    enum FlipperType4Fuzz {
        static let target = FuzzTarget(name: "flipper-type4") { input in
            let text = String(decoding: input, as: UTF8.self)
            let dump: FlipperType4Dump
            do throws(FlipperType4FileError) {
                dump = try FlipperType4File.parse(text)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            switch dump.kind {
            case .type4Tag:
                if dump.ndefMessage == nil || dump.piccVersion != nil { violated("Type 4 Tag shape", input) }
            case .ntag4xx:
                if dump.ndefMessage != nil || dump.piccVersion?.count != 29 { violated("NTAG4xx shape", input) }
            }
            if let ats = dump.ats, ats.isEmpty || Int(ats[0]) != ats.count { violated("ATS length", input) }
            let rendered: String
            do throws(EmulatorError) {
                let (tag, _) = try FlipperType4File.tag(dump, path: "fuzz.nfc")
                rendered = try FlipperType4File.render(tag).text
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            do throws(FlipperType4FileError) {
                let again = try FlipperType4File.parse(rendered)
                if again.ndefMessage != dump.ndefMessage || again.uid != dump.uid { violated("round trip", input) }
            } catch {
                violated("a rendered tag does not parse: \(error.sentence)", input)
            }
        }
    }
#endif
