import CommandLineKit
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type4

/// `tapcard ntag424 info`: file settings and SDM in words.
struct NTAG424InfoCommand: Command {
    static let name = "ntag424 info"
    static let summary = "Show an NTAG 424 DNA's file settings and SDM in words."
    static let options: [OptionSpec] =
        [
            .json,
            .secret(
                "--key", "HEX32", environment: "TAPCARD_KEY", "Key 0, to read the key versions too. Never printed."),
        ] + TagTarget.options
    static let help = """
        Usage: tapcard ntag424 info [--tag FILE | --reader R] [--key HEX32] [--json]

        GetFileSettings of files 1 (CC), 2 (NDEF) and 3, with the SDM settings decoded: what is
        mirrored, with which key, at which byte offsets of the NDEF file. With --key (key 0) the
        key versions of keys 0-4 too. Changes nothing.

        Options:
          --key HEX32  Key 0 (reads the key versions). Never printed.
          --json       {uid, files: [{file, file_option, access_rights, size, sdm}], key_versions}.
        \(TagTarget.helpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let key = try KeyInputError.key(&arguments)
        let target = try await NTAG424Targets.open(&arguments, io: io, command: name)
        defer { target.close() }
        try target.finish(&arguments)
        let report = try await target.reading { try await target.driver().ntag424Info(key: key) }
        let files = report.fileSettings.keys.sorted()
        if json {
            let entries: [JSON] = files.map { file in
                let settings = report.fileSettings[file]!
                let sdm: JSON
                switch settings.sdm {
                case .none: sdm = .null
                case .success(let decoded)?:
                    sdm = .object([
                        ("options", .string(Hex.encode([decoded.options]))),
                        ("access_rights", .string(Hex.encode(decoded.accessRightsBytes))),
                        ("phrases", .array(decoded.phrases.map(JSON.string))),
                    ])
                case .failure(let error)?: sdm = .object([("error", .string(error.sentence))])
                }
                // `file` is the native file number (01–03); `id` the ISO file identifier, hex as
                // every file ID in JSON v1 (E103, E104, E105).
                let identifier = TagModel.ntag424DNA.type4?.files.first { $0.number == file }?.identifier
                return .object([
                    ("file", .int(Int(file))),
                    ("id", identifier.map { .string(Hex.encode([UInt8($0 >> 8), UInt8($0 & 0xFF)])) } ?? .null),
                    ("file_option", .string(Hex.encode([settings.fileOption]))),
                    ("access_rights", .string(settings.accessRights.description)), ("size", .int(settings.size)),
                    ("sdm", sdm),
                ])
            }
            let versions: JSON =
                report.keyVersions.map { versions in
                    .object(versions.keys.sorted().map { ("key_\($0)", JSON.int(Int(versions[$0]!))) })
                } ?? .null
            io.printJSON(
                .object([
                    ("uid", report.uid.map { .string(Hex.encode($0)) } ?? .null), ("files", .array(entries)),
                    ("key_versions", versions),
                ]))
        } else {
            io.print("NTAG 424 DNA on \(target.label)")
            let names: [UInt8: String] = [1: "CC", 2: "NDEF", 3: "proprietary"]
            for file in files {
                let settings = report.fileSettings[file]!
                io.print(
                    "File \(file) (\(names[file] ?? "?")): \(settings.size) bytes, \(settings.communicationMode) communication; \(settings.accessRights)"
                )
                switch settings.sdm {
                case .none: io.print("  SDM off")
                case .success(let decoded)?: for line in decoded.phrases { io.print("  SDM: \(line)") }
                case .failure(let error)?: io.print("  SDM: \(error.sentence)")
                }
            }
            if let versions = report.keyVersions {
                io.print(
                    "Key versions: "
                        + versions.keys.sorted().map { "key \($0) v\(versions[$0]!)" }.joined(separator: ", "))
            }
        }
        return .success
    }
}
