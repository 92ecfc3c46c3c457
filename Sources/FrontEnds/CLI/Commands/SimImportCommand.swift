import CommandLineKit
import Foundation
import TagEmulator
import TapCardSupport

/// `tapcard sim import DUMP FILE`: a virtual tag from a Flipper Zero dump or a raw image.
struct SimImportCommand: Command {
    static let name = "sim import"
    static let summary =
        "Make a virtual tag from a Flipper Zero .nfc, a Proxmark3 dump, a MIFARE Classic dump (MIFARE Classic Tool, libnfc) or a raw .bin image."
    static let options: [OptionSpec] = [
        .json, .flag("--force", "Replace an existing file."),
        .value(
            "--model", "MODEL",
            completion: .values(SimModels.names + classicModels.map(\.rawValue) + type5Models.map(\.rawValue)),
            "The model of a raw .bin dump."),
        .value("--uid", "HEX", "The UID of a raw ICODE SLIX2 or ST25DV04K image (8 bytes; default: random)."),
    ]
    static let help = """
        Usage: tapcard sim import DUMP FILE [--model MODEL [--uid HEX]] [--force] [--json]

        Reads DUMP — a Flipper Zero .nfc file (versions 2 to 4) of an NTAG/Ultralight tag, a
        Proxmark3 'hf mfu dump' or 'hf 15 dump' JSON file, or with --model a raw .bin image of every page, a
        Proxmark3 .bin (its 56-byte header first) or .eml — and writes the virtual tag FILE. The
        format is recognised from the content, not the file name. The tag keeps
        the dump's pages, originality signature and counters. A Flipper Zero file of an ICODE SLIX2
        (Device type SLIX) or an ST25DV04K (Device type ISO15693-3) gives a virtual Type 5 tag, one of
        a FeliCa Lite-S a Type 3 tag, one of a MIFARE DESFire (Device type Mifare DESFire) a DESFire
        card whose keys and unread files are zeros, as the command says; a Momentum or Unleashed
        'Type 4 Tag' file a generic Type 4 tag holding its NDEF message (the file has no CC: the
        tag's is TapCard's, as the command says). An 'NTAG4xx' file holds only the chip's
        GetVersion answer and is refused. An Ultralight C or AES key the file does not hold (its
        pages not read, or zeros) is said to be unknown, and so are a signature (absent or all
        zeros), counters and tearing flags the dump lacks and pages past its 'Pages read': the
        virtual tag keeps saying so. When the dump's header (UID, GET_VERSION, SAK, ATQA)
        contradicts its pages, the tag answers as its pages say, and this command says so
        (--json: notes, header_contradictions).

        MIFARE Classic 1K and 4K dumps are recognised from their content: a Flipper Zero .nfc
        (Device type Mifare Classic), a Proxmark3 JSON dump (hf mf dump), a Proxmark3 .eml, a
        MIFARE Classic Tool .mct dump, and a raw image (Proxmark3 .bin, libnfc .mfd: 1024 or 4096
        bytes). Bytes the dump did not read (unread sectors, keys not found) stay unknown in the
        virtual tag: no reader authenticates with an unknown key nor reads an unknown byte, and
        this command lists those sectors. Where the dump's header contradicts block 0 (UID, SAK,
        ATQA), block 0 wins and this command says so.

        A raw image of an ICODE SLIX2 or ST25DV04K (a Proxmark3 'hf 15 dump' .bin or .eml, or
        'sim export --bin') needs --model icode-slix2 or st25dv04k. It holds the blocks only:
        the UID is --uid's (random without it), the rest as the chip ships it, and this command
        names each.

        Options:
          --model MODEL   DUMP is a raw image, a Proxmark3 .bin or .eml of this model (ntag213,
                          ntag215, ntag216, ultralight, …; mifare-classic-1k or mifare-classic-4k
                          for a MIFARE Classic dump whose size does not say it; icode-slix2 or
                          st25dv04k); its pages or blocks must be the model's.
          --uid HEX       The UID of a raw ICODE SLIX2 or ST25DV04K image (8 bytes, E0 first).
          --force         Replace FILE if it exists.
          --json          Print one JSON object instead of text.

        Example:
          tapcard sim import Tests/Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc sasquach.nfc

        """

    /// The MIFARE Classic models a dump may be of (`--model` for an `.eml`, `.bin` or `.mct`).
    static let classicModels = EmulatedClassicTag.supportedModels
    /// The Type 5 models a raw image may be of.
    static let type5Models = EmulatedType5Tag.supportedModels

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let force = arguments.flag("--force")
        let modelName = try arguments.option("--model")
        let uidText = try arguments.option("--uid")
        let source = try arguments.requiredPositional("DUMP (a Flipper Zero .nfc file)")
        let path = try arguments.requiredPositional("FILE")
        try arguments.finish()
        // One file named twice (or through a link): with --force the dump would be replaced by the
        // virtual tag made of it, and a dump is never changed.
        if OutputFiles.isSameFile(source, path) {
            throw UsageError(
                "DUMP and FILE name the same file ('\(path)'): sim import makes a new virtual tag and never replaces the dump it reads. Nothing was written.",
                command: Self.name)
        }
        let model = try modelName.map { name throws in
            try (classicModels + type5Models).first { $0.rawValue == name.lowercased() }
                ?? SimModels.model(named: name, command: Self.name)
        }
        // Every other dump carries its UID (a Type 2 image in its pages): only a Type 5 image lacks one.
        guard uidText == nil || model?.type5 != nil else {
            throw UsageError(
                "--uid applies to a raw ICODE SLIX2 or ST25DV04K image (--model icode-slix2 or st25dv04k): every other dump carries its UID.",
                command: Self.name)
        }
        if let model, model.type5 != nil {
            let bytes = try FileBytes.read(source)
            let uid = try uidText.map { text throws in try Hex.decode(text) }
            guard let blocks = Type5RawImage.blocks(bytes, model: model) else {
                throw EmulatorError.type5Image(
                    path: source, bytes: bytes.count, model: model,
                    emlProblem: Type5RawImage.emlProblem(bytes, model: model))
            }
            let (tag, notes) = try Type5RawImage.tag(blocks, model: model, uid: uid)
            tag.dumpGaps = notes
            return try save(
                .type5(tag), at: path, from: source, said: Said(unknowns: notes), force: force, json: json, io: io)
        }
        if model == nil || model?.classic != nil {
            let bytes = try FileBytes.read(source)
            // A Classic model given with bytes no format claims: a raw image of that size, or its error.
            if let format = ClassicDumps.recognise(bytes) ?? (model?.classic != nil ? .rawImage : nil) {
                let dump = try ClassicDumps.read(bytes, as: format, model: model, path: source)
                let tag: EmulatedClassicTag
                do {
                    tag = try dump.tag()
                } catch {
                    throw EmulatorError.inFile(path: source, error)
                }
                tag.dumpFormat = nil
                try OutputFiles.write([OutputFiles.tag(.classic(tag), at: path)], force: force)
                ClassicSimSummary(path: path, tag: tag, dump: dump).print(
                    action: "imported", title: "Imported", json: json, io: io)
                return .success
            }
        }
        let tag: EmulatedTag
        let dump: FlipperDump?
        if let model {
            let bytes = try FileBytes.read(source)
            if model.type2Layout != nil, let image = Proxmark3MFU.image(bytes, model: model) {
                // Raw pages, a Proxmark3 .bin (its header's signature and counters kept) or .eml.
                tag = try EmulatedTag(dump: image)
                dump = image
            } else {
                tag = EmulatedTag(image: try MemoryImage.load(source, model: model), model: model)
                dump = nil
            }
        } else {
            let bytes = try FileBytes.read(source)
            let text = String(decoding: bytes, as: UTF8.self)
            if Proxmark3File.isJSON(bytes) {
                // A Proxmark3 dump: hf mfu dump (Type 2) or hf 15 dump (Type 5).
                let (virtual, type2) = try Proxmark3File.tag(bytes, path: source)
                if case .type5(let type5) = virtual { type5.dumpGaps = try Proxmark3File.unknowns(bytes, path: source) }
                let said =
                    try type2.map { Said(type2: $0, source: source) }
                    ?? Said(
                        unknowns: Proxmark3File.unknowns(bytes, path: source),
                        contradictions: Proxmark3File.iso15693Contradictions(bytes, path: source))
                return try save(
                    virtual, at: path, from: source, headerUID: type2?.uid, said: said, force: force, json: json, io: io
                )
            }
            if FlipperDESFireFile.isDESFire(text) {
                // What a Flipper cannot read (keys, files that need one) is said, not guessed.
                let (desfire, unknowns) = try FlipperDESFireFile.decode(text, path: source)
                // A PICC Version that contradicts itself, the model or the UID: said, with the value used.
                let said = try FlipperDESFireFile.contradictions(text, path: source)
                return try save(
                    .type4(desfire), at: path, from: source, said: Said(unknowns: unknowns, contradictions: said),
                    force: force,
                    json: json, io: io)
            }
            if FlipperType4File.isType4Dump(text) {
                // Momentum / Unleashed 'Type 4 Tag': the message only; the CC is not in the file.
                let (type4, notes) = try FlipperType4File.decode(text, path: source)
                return try save(
                    .type4(type4), at: path, from: source, said: Said(unknowns: notes), force: force, json: json, io: io
                )
            }
            if FeliCaTagFile.isFeliCa(text) {
                // FeliCa Lite-S: kept in the same format; a header that contradicts block 83h is said.
                let (type3, contradictions) = try FeliCaTagFile.decodeNoting(text, path: source)
                let unread = try FeliCaTagFile.unknowns(text, path: source)
                return try save(
                    .type3(type3), at: path, from: source,
                    said: Said(unknowns: unread, contradictions: contradictions),
                    force: force, json: json, io: io)
            }
            if Type5FlipperFile.isType5(text) {
                // ICODE SLIX2 (Device type SLIX) or ST25DV04K (ISO15693-3): kept in the same format.
                let type5 = try Type5FlipperFile.decode(text, path: source)
                let lacks = try Type5FlipperFile.unknowns(text, path: source)
                let said = Said(
                    unknowns: lacks, contradictions: try Type5FlipperFile.contradictions(text, path: source))
                return try save(.type5(type5), at: path, from: source, said: said, force: force, json: json, io: io)
            }
            // Content no reader claims is refused as what it is closest to, not as a broken Flipper file.
            try UnrecognisedDump.refuse(bytes, path: source)
            let flipper = try VirtualTagFile.dump(at: source)
            do {
                tag = try EmulatedTag(dump: flipper)
            } catch {
                throw EmulatorError.inFile(path: source, error)
            }
            dump = flipper
        }
        // What the dump lacks (signature, counters, unread pages, an Ultralight C or AES key) and
        // where its header contradicts the memory.
        let said = dump.map { Said(type2: $0, source: source) } ?? Said()
        return try save(
            .type2(tag), at: path, from: source, headerUID: dump?.uid, said: said, force: force, json: json, io: io)
    }

    /// What an import says beside the tag: what the dump did not hold (`unknowns`) and where its
    /// header contradicts the memory (`contradictions`; the memory wins), one sentence each.
    struct Said {
        var unknowns: [String] = []
        var contradictions: [String] = []
        /// How many of the first `contradictions` the summary states already (a header UID).
        var inSummary = 0

        /// A Type 2 dump's: its unknowns, and its header's contradictions, the UID's first.
        init(type2 dump: FlipperDump, source: String) {
            unknowns = dump.unknowns
            if let uid = dump.uidContradiction {
                contradictions.append(uid)
                inSummary = 1
            }
            contradictions += dump.headerContradictions
        }

        /// Sentences as the readers give them, without a final full stop (added where printed).
        init(unknowns: [String] = [], contradictions: [String] = []) {
            func bare(_ text: String) -> String { text.hasSuffix(".") ? String(text.dropLast()) : text }
            self.unknowns = unknowns.map(bare)
            self.contradictions = contradictions.map(bare)
        }

        /// `notes` of `sim import --json`, as a MIFARE Classic import gives them: the
        /// contradictions, then what the dump lacks.
        var notes: [String] { contradictions + unknowns }
    }

    /// Writes the imported tag (nothing is written before the dump has been read whole), prints
    /// its summary with `header_contradictions` and `notes` (JSON), then on standard error what
    /// the dump did not carry or contradicted.
    private static func save(
        _ tag: VirtualTag, at path: String, from source: String, headerUID: [UInt8]? = nil, said: Said, force: Bool,
        json: Bool, io: some CommandIO
    ) throws -> ExitStatus {
        try OutputFiles.write([OutputFiles.tag(tag, at: path)], force: force)
        let summary = TagOutput.virtualTag(tag, path: path, headerUID: headerUID)
        if json, case .object(let members) = summary.json(action: "imported") {
            io.printJSON(
                .object(
                    members + [
                        ("header_contradictions", .array(said.contradictions.map(JSON.string))),
                        ("notes", .array(said.notes.map(JSON.string))),
                    ]))
        } else {
            summary.print(action: "imported", title: "Imported", json: json, io: io)
        }
        if let note = notInDump(said.unknowns, source: source) { io.note(note) }
        for contradiction in said.contradictions.dropFirst(said.inSummary) { io.note("\(source): \(contradiction).") }
        return .success
    }

    /// "DUMP: not in the dump: …." for what a dump did not carry; `nil` when it carried everything.
    private static func notInDump(_ unknowns: [String], source: String) -> String? {
        unknowns.isEmpty ? nil : "\(source): not in the dump: " + unknowns.joined(separator: "; ") + "."
    }

}
