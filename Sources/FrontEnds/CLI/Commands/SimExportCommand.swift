import CommandLineKit
import TagEmulator
import TapCardSupport

/// `tapcard sim export FILE --flipper OUT.nfc`: a virtual tag as a Flipper Zero file or raw image.
struct SimExportCommand: Command {
    static let name = "sim export"
    static let summary =
        "Write a virtual tag as a Flipper Zero .nfc file, a Proxmark3 JSON or .eml dump, a MIFARE Classic Tool dump or a raw .bin image."
    static let options: [OptionSpec] = [
        .json, .flag("--force", "Replace an existing file."),
        .value("--flipper", "OUT.nfc", completion: .file, "Write a Flipper Zero .nfc file."),
        .value("--bin", "OUT.bin", completion: .file, "Write a raw memory image."),
        .value(
            "--proxmark3", "OUT.json", completion: .file,
            "Write a Proxmark3 JSON dump (hf mf dump, hf mfu dump, hf 15 dump)."),
        .value("--eml", "OUT.eml", completion: .file, "Write a Proxmark3 .eml dump of a MIFARE Classic card."),
        .value("--mct", "OUT.mct", completion: .file, "Write a MIFARE Classic Tool dump of a MIFARE Classic card."),
    ]
    static let help = """
        Usage: tapcard sim export FILE (--flipper OUT.nfc | --proxmark3 OUT.json | --bin OUT.bin |
                                  --eml OUT.eml | --mct OUT.mct) [--force] [--json]

        Writes the virtual tag FILE as a Flipper Zero .nfc file (version 4; a Flipper can emulate
        it), as a Proxmark3 JSON dump ('hf mfu dump' of an NTAG/Ultralight, 'hf 15 dump' of an
        ICODE SLIX2 or ST25DV04K, 'hf mf dump' "mfc v2" of a MIFARE Classic, keys included; 'hf mf
        eload' takes it) or as a raw image of every page (PWD and PACK included, as stored). The
        options may be given together. FILE may be a Proxmark3 'hf mfu dump' JSON too; what the
        dump a tag was made from did not hold is written as the formats' zeros, and said. A
        MIFARE Classic card (a virtual tag, or any dump 'sim import' reads) has the Proxmark3
        .bin and libnfc .mfd layout as its raw image; it is also
        written as a Proxmark3 .eml ('hf mf eload' takes it) and as a MIFARE Classic Tool .mct
        dump ('--' for a byte nobody knows, a sector nobody read left out). The raw image and
        the .eml are refused while the card holds bytes nobody knows (neither format has a mark
        for them); the Proxmark3 JSON writes them as 00, as 'hf mf dump' writes what it could not
        read, and says which.

        Options:
          --flipper OUT   Write a Flipper Zero .nfc file.
          --proxmark3 OUT Write a Proxmark3 JSON dump (NTAG/Ultralight, Type 5, MIFARE Classic).
          --bin OUT       Write a raw memory image.
          --eml OUT       Write a Proxmark3 .eml dump (MIFARE Classic).
          --mct OUT       Write a MIFARE Classic Tool dump (MIFARE Classic).
          --force         Replace existing output files.
          --json          Print one JSON object instead of text.

        Example:
          tapcard sim export card.nfc --flipper card-for-flipper.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let force = arguments.flag("--force")
        let flipper = try arguments.option("--flipper")
        let binary = try arguments.option("--bin")
        let proxmark3 = try arguments.option("--proxmark3")
        let eml = try arguments.option("--eml")
        let mct = try arguments.option("--mct")
        let path = try arguments.requiredPositional("FILE (a virtual tag)")
        try arguments.finish()
        guard flipper != nil || binary != nil || proxmark3 != nil || eml != nil || mct != nil else {
            throw UsageError(
                "Say where to write: --flipper OUT.nfc, --proxmark3 OUT.json, --eml OUT.eml, --mct OUT.mct or --bin OUT.bin.",
                command: name)
        }
        // Each format its own file, named: one path for two formats wrote the first, then refused
        // the second (or, with --force, replaced it), and an empty one failed as a write (74).
        let outputs = [
            ("--flipper", flipper), ("--bin", binary), ("--proxmark3", proxmark3), ("--eml", eml), ("--mct", mct),
        ]
        .compactMap { option, value in value.map { (option, $0) } }
        if let empty = outputs.first(where: { $0.1.isEmpty }) {
            throw UsageError("\(empty.0) needs a file path; it was given an empty one.", command: name)
        }
        for (index, output) in outputs.enumerated() {
            if let twin = outputs[..<index].first(where: { $0.1 == output.1 }) {
                throw UsageError(
                    "\(twin.0) and \(output.0) both name '\(output.1)': each format needs its own file. Nothing was written.",
                    command: name)
            }
        }
        // An output that is the tag itself (or a link to it) would replace the tag with --force.
        if let same = outputs.first(where: { OutputFiles.isSameFile(path, $0.1) }) {
            throw UsageError(
                "\(same.0) names '\(same.1)', the tag being exported: sim export never replaces its source. Nothing was written.",
                command: name)
        }
        let bytes = try FileBytes.read(path)
        // Every output is checked before the first is written: the formats are written one after
        // another, and a refusal of the second left the first behind, said "Nothing was written".
        try OutputFiles.check(outputs.map(\.1), force: force)
        if ClassicDumps.recognise(bytes) != nil,
            case .classic(let tag) = try VirtualTag.decode(bytes: bytes, path: path)
        {
            let outputs = ClassicExport.Outputs(
                flipper: flipper, binary: binary, proxmark3: proxmark3, mct: mct, eml: eml)
            return try ClassicExport.run(tag, path: path, outputs: outputs, force: force, json: json, io: io)
        }
        if let option = eml != nil ? "--eml" : mct != nil ? "--mct" : nil {
            throw UsageError(
                "\(option) writes a MIFARE Classic card; \(path) is not one. --flipper, --proxmark3 and --bin write the others.",
                command: name)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if Type5FlipperFile.isType5(text) {
            let tag = try Type5FlipperFile.decode(text, path: path)
            return try exportType5(
                tag, path: path, flipper: flipper, proxmark3: proxmark3, binary: binary, force: force, json: json,
                io: io)
        }
        if Type4TagFile.isType4(text) || FlipperDESFireFile.isDESFire(text) || FlipperType4File.isType4Dump(text),
            case .type4(let tag) = try VirtualTag.decode(text, path: path)
        {
            return try exportType4(
                tag, path: path, flipper: flipper, proxmark3: proxmark3, binary: binary, force: force, json: json,
                io: io)
        }
        if FeliCaTagFile.isFeliCa(text) {
            return try exportFeliCa(
                try FeliCaTagFile.decode(text, path: path), path: path, flipper: flipper,
                other: proxmark3 != nil ? "--proxmark3" : binary != nil ? "--bin" : nil, force: force, json: json,
                io: io)
        }
        // Any Type 2 dump read takes (a Proxmark3 hf mfu dump too) exports as a virtual tag does.
        let tag: EmulatedTag
        switch try VirtualTag.decode(bytes: bytes, path: path) {
        case .type2(let type2): tag = type2
        case .type5(let type5):
            return try exportType5(
                type5, path: path, flipper: flipper, proxmark3: proxmark3, binary: binary, force: force, json: json,
                io: io)
        case .type4, .type3, .classic:
            throw EmulatorError.notType2(path: path)
        }
        let placeholders = DumpGapComment.missingFields(FlipperDump(tag: tag))
        var notes: [String] = []
        var written: [(String, JSON)] = []
        if let flipper {
            try OutputFiles.write(
                [OutputFiles.File(path: flipper, bytes: Array(FlipperNFC.render(FlipperDump(tag: tag)).utf8))],
                force: force)
            written.append(("flipper", .string(flipper)))
            notes += placeholderNotes(tag, placeholders, file: flipper, pagesReadField: true)
        }
        if let proxmark3 {
            try OutputFiles.write(
                [OutputFiles.File(path: proxmark3, bytes: Array(Proxmark3MFU.render(FlipperDump(tag: tag)).utf8))],
                force: force)
            written.append(("proxmark3", .string(proxmark3)))
            notes += placeholderNotes(
                tag, placeholders, file: proxmark3, pagesReadField: false, format: "a Proxmark3 dump")
        }
        if flipper != nil || proxmark3 != nil {
            written.append(
                ("written_as_placeholders", .array(DumpGapComment.names(FlipperDump(tag: tag)).map(JSON.string))))
            written.append(("pages_read", tag.pagesRead.map(JSON.int) ?? .null))
        }
        if let binary {
            try OutputFiles.write([OutputFiles.File(path: binary, bytes: tag.memory)], force: force)
            written.append(("bin", .string(binary)))
            if flipper == nil, proxmark3 == nil { written.append(("pages_read", tag.pagesRead.map(JSON.int) ?? .null)) }
            notes += placeholderNotes(tag, [], file: binary, pagesReadField: false, format: "a raw image")
        }
        if json {
            io.printJSON(
                JSON.object(
                    [("action", .string("exported")), ("file", .string(path)), ("model", .string(tag.model.rawValue))]
                        + written
                ))
        } else {
            if let flipper {
                io.print("Wrote \(tag.model.displayName) virtual tag \(path) as a Flipper Zero file: \(flipper)")
            }
            if let proxmark3 {
                io.print("Wrote \(tag.model.displayName) virtual tag \(path) as a Proxmark3 JSON dump: \(proxmark3)")
            }
            if let binary {
                io.print(
                    "Wrote \(tag.model.displayName) virtual tag \(path) as a raw image (\(tag.memory.count) bytes): \(binary)"
                )
            }
            for note in notes { io.note(note) }
        }
        return .success
    }

    /// What an export of `tag` writes in place of what the dump it was made from lacked: zeros,
    /// the Flipper's and the Proxmark3's mark for "not read" (`placeholders`), and pages the dump
    /// did not read (a Flipper file says how many in `Pages read`; a Proxmark3 dump or a raw
    /// image, `format`, cannot).
    private static func placeholderNotes(
        _ tag: EmulatedTag, _ placeholders: [DumpGapComment.Field], file: String, pagesReadField: Bool,
        format: String = ""
    ) -> [String] {
        var notes: [String] = []
        if !placeholders.isEmpty {
            let names = placeholders.map { field in
                switch field {
                case .signature: "the originality signature (zeros)"
                case .counters:
                    tag.counters.count == 1
                        ? "the NFC counter (0)"
                        : tag.countersNotInDump.count == 3 || tag.countersNotInDump.isEmpty
                            ? "the counters (0)" : "\(FlipperDump.counterNames(tag.countersNotInDump)) (0)"
                case .tearingFlags:
                    tag.tearingFlagsNotInDump.count == 3 || tag.tearingFlagsNotInDump.isEmpty
                        ? "the tearing flags (BD)"
                        : "the tearing flag\(tag.tearingFlagsNotInDump.count == 1 ? "" : "s") of \(FlipperDump.counterNames(tag.tearingFlagsNotInDump)) (BD)"
                }
            }
            notes.append(
                "\(file): not in the dump the tag was made from, so written as placeholders, as the format writes what was not read: \(names.joined(separator: "; "))."
            )
        }
        if let read = tag.pagesRead {
            let total = tag.memory.count / 4
            notes.append(
                pagesReadField
                    ? "\(file): Pages read \(read) of \(total), as the dump the tag was made from read them; the other pages hold the tag's bytes."
                    : "\(file): the dump the tag was made from read \(read) of its \(total) pages; \(format) has no field to say so, and holds the tag's bytes in the other \(total - read)."
            )
        }
        return notes
    }

    /// A Type 4 tag has one Flipper format of its own: a MIFARE DESFire the firmware's `Mifare
    /// DESFire` file, a generic Type 4 tag or an NTAG 424 DNA the Momentum and Unleashed
    /// firmwares' `Type 4 Tag` file (its NDEF message). What the format drops is said. No raw
    /// image or Proxmark3 dump is written: a Type 4 tag has files, not pages.
    private static func exportType4(
        _ tag: EmulatedType4Tag, path: String, flipper: String?, proxmark3: String?, binary: String?, force: Bool,
        json: Bool, io: some CommandIO
    ) throws -> ExitStatus {
        guard let flipper, proxmark3 == nil, binary == nil else {
            throw UsageError(
                "\(path) holds a Type 4 tag (\(tag.model.displayName)), which has files, not pages: only --flipper OUT.nfc writes it.",
                command: name)
        }
        let (text, dropped) =
            tag.picc == nil ? try FlipperType4File.render(tag) : try FlipperDESFireFile.render(tag)
        try OutputFiles.write([OutputFiles.File(path: flipper, bytes: Array(text.utf8))], force: force)
        let format = tag.picc == nil ? "Type 4 Tag" : FlipperDESFireFile.deviceType
        let sun = SUNPlaceholderExport(tag)
        if json {
            var members: [(String, JSON)] = [
                ("action", .string("exported")), ("file", .string(path)), ("model", .string(tag.model.rawValue)),
                ("flipper", .string(flipper)), ("not_written", .array(dropped.map(JSON.string))),
            ]
            if tag.model == .ntag424DNA { members.append(("sun_fields_written_as_placeholders", sun.json)) }
            io.printJSON(JSON.object(members))
        } else {
            io.print(
                "Wrote \(tag.model.displayName) virtual tag \(path) as a Flipper Zero '\(format)' file: \(flipper)")
            io.note(
                "\(flipper): not in the file (the format has no place for it): " + dropped.joined(separator: "; ") + "."
            )
            if !sun.isEmpty { io.note(sun.sentence(file: flipper)) }
        }
        return .success
    }

    /// A FeliCa Lite-S virtual tag is a Flipper Zero file already (its `FeliCa` format): `--flipper`
    /// writes it again; no other format of it is written yet.
    private static func exportFeliCa(
        _ tag: EmulatedType3Tag, path: String, flipper: String?, other: String?, force: Bool, json: Bool,
        io: some CommandIO
    ) throws -> ExitStatus {
        if let other {
            throw UsageError(
                "\(other) does not write a FeliCa Lite-S; --flipper writes it as a Flipper Zero file.", command: name)
        }
        guard let flipper else { return .success }
        try OutputFiles.write([OutputFiles.tag(.type3(tag), at: flipper)], force: force)
        if json {
            io.printJSON(
                JSON.object([
                    ("action", .string("exported")), ("file", .string(path)), ("model", .string(tag.model.rawValue)),
                    ("flipper", .string(flipper)),
                    ("written_as_placeholders", .array(tag.dumpGaps.map(JSON.string))),
                ]))
        } else {
            io.print("Wrote \(tag.model.displayName) virtual tag \(path) as a Flipper Zero file: \(flipper)")
            if !tag.dumpGaps.isEmpty {
                // The file keeps saying so in its comments.
                io.note(
                    "\(flipper): not in the dump the tag was made from, so written as the tag has it: \(tag.dumpGaps.joined(separator: "; "))."
                )
            }
        }
        return .success
    }

    /// A Type 5 virtual tag is a Flipper Zero file already: `--flipper` writes it again (the
    /// firmware's SLIX / ISO15693-3 layout), `--bin` writes its blocks one after the other.
    private static func exportType5(
        _ tag: EmulatedType5Tag, path: String, flipper: String?, proxmark3: String?, binary: String?, force: Bool,
        json: Bool, io: some CommandIO
    ) throws -> ExitStatus {
        var written: [(String, JSON)] = []
        if let flipper {
            try OutputFiles.write([OutputFiles.tag(.type5(tag), at: flipper)], force: force)
            written.append(("flipper", .string(flipper)))
        }
        if let proxmark3 {
            try OutputFiles.write(
                [OutputFiles.File(path: proxmark3, bytes: Array(Proxmark3ISO15693.render(tag).utf8))], force: force)
            written.append(("proxmark3", .string(proxmark3)))
        }
        if let binary {
            try OutputFiles.write([OutputFiles.File(path: binary, bytes: tag.memory.bytes)], force: force)
            written.append(("bin", .string(binary)))
        }
        // What the dump the tag was made from lacked is written as the tag has it (the Flipper file
        // keeps saying so in its comments; the others cannot), and said.
        written.append(("written_as_placeholders", .array(tag.dumpGaps.map(JSON.string))))
        if json {
            io.printJSON(
                JSON.object(
                    [("action", .string("exported")), ("file", .string(path)), ("model", .string(tag.model.rawValue))]
                        + written))
        } else {
            if let flipper {
                io.print("Wrote \(tag.model.displayName) virtual tag \(path) as a Flipper Zero file: \(flipper)")
            }
            if let proxmark3 {
                io.print("Wrote \(tag.model.displayName) virtual tag \(path) as a Proxmark3 JSON dump: \(proxmark3)")
            }
            if let binary {
                io.print(
                    "Wrote \(tag.model.displayName) virtual tag \(path) as a raw image (\(tag.memory.bytes.count) bytes, \(tag.memory.blocks.count) blocks): \(binary)"
                )
            }
            for file in [flipper, proxmark3, binary].compactMap({ $0 }) where !tag.dumpGaps.isEmpty {
                io.note(
                    "\(file): not in the dump the tag was made from, so written as the tag has it: \(tag.dumpGaps.joined(separator: "; "))."
                )
            }
        }
        return .success
    }
}
