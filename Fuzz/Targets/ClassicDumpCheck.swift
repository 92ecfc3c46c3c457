#if FUZZING
    import TagCatalog
    import TagEmulator

    /// What every MIFARE Classic dump target checks on an input one of the dump parsers read:
    /// its error has a sentence; a dump that reads gives a card or an `EmulatorError` (never a
    /// trap); the card written as a Flipper Zero file reads back with the same bytes and the same
    /// unknown bytes, and as a Proxmark3 JSON dump with every known byte and 00 for each unknown
    /// one, those named by `ProxmarkClassicJSON.zeroFilled`.
    enum ClassicDumpCheck {
        /// The model hint byte 0 of an input selects: none, 1K, 4K.
        static func model(_ selector: UInt8?) -> TagModel? {
            switch (selector ?? 0) % 3 {
            case 1: .mifareClassic1K
            case 2: .mifareClassic4K
            default: nil
            }
        }

        static func run(_ input: [UInt8], as format: ClassicDumpFormat) {
            let body = Array(input.dropFirst())
            let dump: ClassicDump
            do throws(EmulatorError) {
                dump = try ClassicDumps.read(body, as: format, model: model(input.first), path: "fuzz")
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            _ = dump.headerContradictions
            guard let tag = try? dump.tag() else { return }
            let flipper = Array(VirtualTag.classic(tag).encoded.utf8)
            guard let fromFlipper = try? ClassicDumps.read(flipper, as: .flipper, path: "again").tag(),
                fromFlipper.blocks == tag.blocks, fromFlipper.unknownBytes == tag.unknownBytes
            else { violated("a card does not read back as itself from its Flipper Zero file", input) }
            // Proxmark3 JSON has no mark for an unknown byte, and the client stops loading at the
            // first block left out: every block is written, an unknown byte as 00 (as `hf mf dump`
            // writes what it could not read), and `zeroFilled` names exactly those bytes. Every
            // known byte comes back, every unknown one as 00, and nothing else changes.
            let json = Array(ProxmarkClassicJSON.encode(tag).utf8)
            guard let fromJSON = try? ClassicDumps.read(json, as: .proxmark3JSON, path: "again").tag(),
                fromJSON.model == tag.model, fromJSON.unknownBytes.isEmpty
            else { violated("a card does not read back from its Proxmark3 JSON dump", input) }
            let named = Set(
                ProxmarkClassicJSON.zeroFilled(tag).flatMap { block, runs in
                    runs.flatMap { $0.map { block * 16 + $0 } }
                })
            if named != tag.unknownBytes {
                violated("the bytes a Proxmark3 JSON dump writes as 00 are not the unknown ones", input)
            }
            for (index, block) in tag.blocks.enumerated() {
                for offset in 0..<16 {
                    let expected: UInt8 = tag.isKnown(block: index, byte: offset) ? block[offset] : 0
                    if fromJSON.blocks[index][offset] != expected {
                        violated("a Proxmark3 JSON dump changed block \(index) byte \(offset)", input)
                    }
                }
            }
        }
    }
#endif
