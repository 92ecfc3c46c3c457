#if FUZZING
    import TagCatalog
    import TagEmulator

    /// What every MIFARE Classic dump target checks on an input one of the dump parsers read:
    /// its error has a sentence; a dump that reads gives a card or an `EmulatorError` (never a
    /// trap); the card written as a Flipper Zero file reads back with the same bytes and the same
    /// unknown bytes, and as a Proxmark3 JSON dump with every byte that format carries.
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
            // Proxmark3 JSON has no mark for one unknown byte: a block (or a trailer's key or access
            // part) holding one is left out whole. Every byte it carries comes back, no byte
            // becomes known, and a card without unknown bytes comes back exactly.
            let json = Array(ProxmarkClassicJSON.encode(tag).utf8)
            guard let fromJSON = try? ClassicDumps.read(json, as: .proxmark3JSON, path: "again").tag(),
                fromJSON.model == tag.model, fromJSON.unknownBytes.isSuperset(of: tag.unknownBytes),
                tag.unknownBytes.isEmpty ? fromJSON.unknownBytes.isEmpty : true
            else { violated("a card does not read back from its Proxmark3 JSON dump", input) }
            for (index, block) in tag.blocks.enumerated() {
                for offset in 0..<16 where fromJSON.isKnown(block: index, byte: offset) {
                    if fromJSON.blocks[index][offset] != block[offset] {
                        violated("a Proxmark3 JSON dump changed block \(index) byte \(offset)", input)
                    }
                }
            }
        }
    }
#endif
