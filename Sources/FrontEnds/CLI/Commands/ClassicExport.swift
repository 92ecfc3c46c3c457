import CommandLineKit
import TagEmulator
import TapCardSupport

/// `tapcard sim export` of a MIFARE Classic card: Flipper Zero `.nfc` (unknown bytes as `??`),
/// Proxmark3 JSON (an unknown byte as `00`, as `hf mf dump` writes what it could not read, and
/// said: ``ClassicZeroFill``), MIFARE Classic Tool `.mct` (`--`
/// for an unknown byte, a sector nobody read left out), and the Proxmark3 `.eml` and raw image
/// (both refused while a byte is unknown: neither has a mark for one). Every file is checked
/// before the first is written.
enum ClassicExport {
    struct Outputs {
        var flipper: String?
        var binary: String?
        var proxmark3: String?
        var mct: String? = nil
        var eml: String? = nil
    }

    static func run(
        _ tag: EmulatedClassicTag, path: String, outputs: Outputs, force: Bool, json: Bool, io: some CommandIO
    ) throws -> ExitStatus {
        tag.dumpFormat = nil
        let secret = VirtualTag.classic(tag).holdsSecrets
        var files: [OutputFiles.File] = []
        var written: [(String, JSON)] = []
        var lines: [String] = []
        var notes: [String] = []
        let title = "\(tag.model.displayName) \(path)"
        if let flipper = outputs.flipper {
            files.append(OutputFiles.tag(.classic(tag), at: flipper))
            written.append(("flipper", .string(flipper)))
            lines.append("Wrote \(title) as a Flipper Zero file: \(flipper)")
        }
        if let proxmark3 = outputs.proxmark3 {
            files.append(
                OutputFiles.File(path: proxmark3, bytes: Array(ProxmarkClassicJSON.encode(tag).utf8), secret: secret))
            written.append(("proxmark3", .string(proxmark3)))
            lines.append("Wrote \(title) as a Proxmark3 JSON dump: \(proxmark3)")
            let zeros = ClassicZeroFill(tag)
            if !zeros.isEmpty { notes.append(zeros.sentence(file: proxmark3)) }
            written.append(("proxmark3_unknown_written_as_zeros", zeros.json))
        }
        if let mct = outputs.mct {
            files.append(OutputFiles.File(path: mct, bytes: Array(MCTClassicFile.encode(tag).utf8), secret: secret))
            written.append(("mct", .string(mct)))
            lines.append("Wrote \(title) as a MIFARE Classic Tool dump: \(mct)")
        }
        if let eml = outputs.eml {
            guard let text = ProxmarkClassicEML.encode(tag) else {
                throw ClassicExportError.unknownBytes(
                    path: path, sectors: tag.sectorsWithUnknownBytes, format: "a Proxmark3 .eml dump")
            }
            files.append(OutputFiles.File(path: eml, bytes: Array(text.utf8), secret: secret))
            written.append(("eml", .string(eml)))
            lines.append(
                "Wrote \(title) as a Proxmark3 .eml dump (\(tag.blocks.count) blocks, keys in the trailers): \(eml)")
        }
        if let binary = outputs.binary {
            guard let image = ClassicRawImage.encode(tag) else {
                throw ClassicExportError.unknownBytes(
                    path: path, sectors: tag.sectorsWithUnknownBytes, format: "a raw image")
            }
            files.append(OutputFiles.File(path: binary, bytes: image, secret: secret))
            written.append(("bin", .string(binary)))
            lines.append("Wrote \(title) as a raw image (\(image.count) bytes, keys in the trailers): \(binary)")
        }
        try OutputFiles.write(files, force: force)
        if json {
            io.printJSON(
                JSON.object(
                    [("action", .string("exported")), ("file", .string(path)), ("model", .string(tag.model.rawValue))]
                        + written))
        } else {
            for line in lines { io.print(line) }
            for note in notes { io.note(note) }
        }
        return .success
    }
}
