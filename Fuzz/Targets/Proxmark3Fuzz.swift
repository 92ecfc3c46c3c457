#if FUZZING
    import TagEmulator
    import TapCardSupport

    /// `Proxmark3MFU.parse` and `Proxmark3ISO15693.parse` (and under them `JSONReader`) on
    /// arbitrary bytes: a Proxmark3 dump from anywhere.
    ///
    /// Invariants: every refusal has a sentence; a dump that parses renders to a file that parses
    /// to the same pages, UID, model, signature and counters; a dump of a modelled chip loads into
    /// the emulator or is refused with an error, never a trap; an ISO 15693 dump that parses makes
    /// a Type 5 tag whose rendering parses to the same blocks. The `.bin`/`.eml` reader
    /// (`Proxmark3MFU.image`) takes the same bytes for an NTAG213 and keeps its pages.
    enum Proxmark3Fuzz {
        static let target = FuzzTarget(name: "proxmark3", maxLength: 16384) { input in
            if let image = Proxmark3MFU.image(input, model: .ntag213), image.pages.count != 45 {
                violated("an NTAG213 image without 45 pages", input)
            }
            checkISO15693(input)
            let dump: FlipperDump
            do throws(Proxmark3DumpError) {
                dump = try Proxmark3MFU.parse(input)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let again: FlipperDump
            do throws(Proxmark3DumpError) {
                again = try Proxmark3MFU.parse(Array(Proxmark3MFU.render(dump).utf8))
            } catch {
                violated("rendered dump rejected: \(error.sentence)", input)
            }
            if again.pages != dump.pages || again.uid != dump.uid || again.model != dump.model
                || again.signature != dump.signature || again.counters != dump.counters
            {
                violated("parse → render → parse changed the dump", input)
            }
            do throws(EmulatorError) {
                _ = try EmulatedTag(dump: dump)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
            }
        }

        static func checkISO15693(_ input: [UInt8]) {
            let parsed: Type5FlipperFile.Parsed
            do throws(Proxmark3DumpError) {
                parsed = try Proxmark3ISO15693.parse(input)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let tag: EmulatedType5Tag
            do throws(EmulatorError) {
                tag = try EmulatedType5Tag(model: parsed.model, uid: parsed.uid, memory: parsed.memory)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            do throws(Proxmark3DumpError) {
                let again = try Proxmark3ISO15693.parse(Array(Proxmark3ISO15693.render(tag).utf8))
                if again.uid != tag.uid || again.memory.blocks != tag.memory.blocks
                    || again.memory.locked != tag.memory.locked
                {
                    violated("ISO 15693 parse → render → parse changed the dump", input)
                }
            } catch {
                violated("rendered ISO 15693 dump rejected: \(error.sentence)", input)
            }
        }
    }
#endif
