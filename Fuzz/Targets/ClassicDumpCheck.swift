#if FUZZING
    import TagCatalog
    import TagEmulator

    /// What every MIFARE Classic dump target checks on an input one of the dump parsers read:
    /// its error has a sentence; a dump that reads gives a card or an `EmulatorError` (never a
    /// trap); the card written as a Flipper Zero file and as a Proxmark3 JSON dump reads back with
    /// the same bytes and the same unknown bytes.
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
            for (again, name) in [
                (Array(VirtualTag.classic(tag).encoded.utf8), ClassicDumpFormat.flipper),
                (Array(ProxmarkClassicJSON.encode(tag).utf8), .proxmark3JSON),
            ] {
                guard let read = try? ClassicDumps.read(again, as: name, path: "again").tag(),
                    read.blocks == tag.blocks, read.unknownBytes == tag.unknownBytes
                else { violated("a card does not read back as itself from \(name.rawValue)", input) }
            }
        }
    }
#endif
