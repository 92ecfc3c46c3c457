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
            checkType5Image(input)
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

        /// An `hf 15 dump` `.bin`/`.eml` for an ICODE SLIX2 (`Type5RawImage`): 80 blocks of 4
        /// bytes or none; those make a tag whose raw image is the same bytes; a refusal's `.eml`
        /// problem is a sentence or nothing.
        static func checkType5Image(_ input: [UInt8]) {
            guard let blocks = Type5RawImage.blocks(input, model: .icodeSLIX2) else {
                if let problem = Type5RawImage.emlProblem(input, model: .icodeSLIX2), problem.isEmpty {
                    violated("empty .eml problem", input)
                }
                return
            }
            if blocks.count != 80 || blocks.contains(where: { $0.count != 4 }) {
                violated("an ICODE SLIX2 image without 80 blocks of 4 bytes", input)
            }
            do throws(EmulatorError) {
                let (tag, gaps) = try Type5RawImage.tag(
                    blocks, model: .icodeSLIX2, uid: [0xE0, 0x04, 0x01, 0x08, 0x12, 0x34, 0x56, 0x78])
                if tag.memory.bytes != blocks.flatMap({ $0 }) || gaps.isEmpty {
                    violated("a raw image's tag lost its blocks or its gaps", input)
                }
            } catch {
                violated("a raw image of the right size was refused: \(error.sentence)", input)
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
