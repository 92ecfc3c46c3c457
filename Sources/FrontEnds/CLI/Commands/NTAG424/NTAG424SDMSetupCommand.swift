import CommandLineKit
import SUN
import TagWorkflows
import TapCardSupport
import Type4

/// `tapcard ntag424 sdm setup --url-template T`: the NDEF file and SDM settings from a template.
struct NTAG424SDMSetupCommand: Command {
    static let name = "ntag424 sdm setup"
    static let summary = "Write a SUN URL template and the SDM settings whose offsets it computes."
    static let options: [OptionSpec] =
        [
            .json, .value("--url-template", "T", "The URL with {picc}, {mac}, {enc}, {uid}, {ctr} placeholders."),
            .value("--file-data", "TEXT", "The secret file data {enc} mirrors encrypted (16·k bytes)."),
            .value("--meta-key-number", "N", "The key that encrypts PICCData (default 2)."),
            .value("--file-key-number", "N", "The key of the MAC and the encrypted file data (default 1)."),
            .secret(
                "--key", "HEX32", environment: "TAPCARD_KEY",
                "The NDEF file's change key (default: the factory key). Never printed."),
            .secret(
                "--meta-key", "HEX32", environment: "TAPCARD_META_KEY",
                "The meta key's value, to verify one URL after setup (default: factory)."),
            .secret(
                "--file-key", "HEX32", environment: "TAPCARD_FILE_KEY",
                "The file key's value, to verify one URL after setup (default: factory)."),
            .value(
                "--mac-input-from", "WHERE",
                "Where the MAC input begins: auto (from {enc}, else empty), picc, url, or a URL position."),
            .flag("--allow-static-url", "Accept a template with no counter and no PICCData (replayable forever)."),
            .flag("--lrp", "Switch the tag to LRP mode (AN12304) last; needs --yes-lrp-permanently."),
            .flag("--yes-lrp-permanently", "Confirm --lrp: the tag never speaks AES secure messaging again."),
        ] + MasterKeyOption.options + TearOptions.options + TagTarget.options
    static let help = """
        Usage: tapcard ntag424 sdm setup --url-template T [--file-data TEXT] [--meta-key-number N]
                 [--file-key-number N] [--key HEX32] [--meta-key HEX32] [--file-key HEX32]
                 [--mac-input-from WHERE] [--allow-static-url] [--lrp --yes-lrp-permanently]
                 [--tag FILE | --reader R] [--json]

        Computes every SDM offset from the template itself, as byte offsets inside the NDEF file
        (NLEN and the record header counted): PICCData ({picc}, 32 hex; 48 with --lrp), the MAC
        ({mac}, 16, last), its input (from {enc} when present, else empty), the encrypted file
        data ({enc}, twice the --file-data length), or plain UID ({uid}, 14) and counter ({ctr},
        6). Then authenticates
        with the NDEF file's change key, writes the file (NLEN last) and ChangeFileSettings (SDM
        on, plain, read free, write and change key 0), each skipped when in place, and reads the
        settings back. Defaults follow AN12196: PICCData key 2, MAC key 1. A setup that stops
        part-way says what the tag holds; the same command completes it.

        Before it reports success, it reads one URL off the tag as a phone does and verifies it
        with the code a backend runs (sun verify), under --meta-key and --file-key (the values of
        the meta and file keys; a factory tag's are all zeros). When the template's parameter
        names are not the standard ones (e=/picc_data=/p=, enc=, uid=, ctr=, c=/cmac=) or the
        values sit in the path, it says to verify with --template.

        A template must mirror a counter: {picc}, or {uid} with {ctr}. One without (only {uid},
        or only {mac}) gives the same URL at every read, which anyone who saw it once can replay
        forever; it is refused unless --allow-static-url says that is what you want (and then
        nothing can be verified). {ctr} without {uid} is refused: no backend could tell which tag
        the counter belongs to.

        The MAC covers the URL's text from SDMMACInputOffset to the MAC. By default that is from
        {enc} (or nothing without it), as AN12196 sets it up. --mac-input-from picc starts it at
        the first mirrored value, url at the first character the file holds (after the https://
        the URI record abbreviates), N at position N of the URL; a {mac_input} marker in the
        template puts it exactly there. It may not start after {enc}. Verify such URLs with
        sun verify --mac-input-from (the same value) or --template (a template with the marker).

        --lrp lays the file out for LRP mode (AN12304: PICCData is 48 hex, PICCRand and the
        enciphered UID and counter; MAC and file data under CMAC_LRP and LRICB) and, after the
        file and its settings are in place, sends SetConfiguration to switch the tag to LRP. The
        switch is permanent: the tag never again accepts AES authentication, and TapCard, which
        authenticates in AES mode only, can then no longer change its keys, files or settings
        (reading and sun verify still work). It needs {picc} and --yes-lrp-permanently.

        Example:
          tapcard ntag424 sdm setup --url-template 'https://host/p?e={picc}&c={mac}' --tag t.json

        Options:
          --url-template T       The URL template (required).
          --file-data TEXT       Secret data for {enc}, 16·k bytes of UTF-8.
          --meta-key-number N    PICCData key, 0-4 (default 2; 1 with --master-key).
          --file-key-number N    MAC / file data key, 0-4 (default 1; 2 with --master-key).
          --key HEX32            The change key of the NDEF file (key 0 on a factory tag).
          --meta-key HEX32       The meta key's value for the check (default: the factory key).
          --file-key HEX32       The file key's value for the check (default: the factory key).
          --master-key HEX32     Check with the keys derived from this master key and the UID,
                                 and authenticate with its key 0 unless --key is given (as
                                 ntag424 keys --master-key set them; --diversification,
                                 --system-identifier as there).
          --mac-input-from WHERE auto (default), picc, url or a position of the URL.
          --allow-static-url     Accept a template that mirrors no counter (replayable).
          --lrp                  Switch the tag to LRP mode, permanently (with --yes-lrp-permanently).
          --yes-lrp-permanently  Confirm that the tag may never speak AES secure messaging again.
          --json                 {steps, verified, tap: {verified, url, counter, needs_template,
                                 reason, message}, file_option, sdm_options, sdm_access_rights,
                                 secure_messaging, uid_offset … mac_offset}.
          --simulate-tear-after N  (virtual tags) Let exactly N commands complete, then take the
                                   tag out of the field (the same reports as a real tear).
          --tear-mode MODE       not-delivered (default), reply-lost or corrupted-write.
        \(TagTarget.helpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        guard let text = try arguments.option("--url-template") else {
            throw UsageError("--url-template T is required.", command: name)
        }
        let fileData = try arguments.option("--file-data").map { Array($0.utf8) } ?? []
        let metaNumber = try arguments.integer("--meta-key-number")
        let fileNumber = try arguments.integer("--file-key-number")
        let key = try KeyInputError.key(&arguments)
        let metaKey = try arguments.option("--meta-key").map { text throws(KeyInputError) in
            try KeyInputError.key(text, option: "--meta-key")
        }
        let fileKey = try arguments.option("--file-key").map { text throws(KeyInputError) in
            try KeyInputError.key(text, option: "--file-key")
        }
        let macInputStart = try MACInputOption.parse(&arguments, command: name)
        let master = try MasterKeyOption.parse(&arguments, command: name)
        // With a master key, sdm-backend's layout (meta key 1, file key 2), as ntag424 keys
        // --master-key sets it; otherwise AN12196's (meta key 2, file key 1).
        let meta = metaNumber ?? (master == nil ? 2 : 1)
        let file = fileNumber ?? (master == nil ? 1 : 2)
        let allowStatic = arguments.flag("--allow-static-url")
        let lrp = arguments.flag("--lrp")
        let confirmed = arguments.flag("--yes-lrp-permanently")
        // The template and the confirmation are checked before any tag is touched.
        let template = try SUNTemplate(
            text, fileData: fileData, metaKeyNumber: meta, fileKeyNumber: file, allowStatic: allowStatic, lrp: lrp,
            macInputStart: macInputStart)
        if lrp && !confirmed { throw ConfirmationRequired.lrpPermanently }
        if confirmed && !lrp {
            throw UsageError("--yes-lrp-permanently confirms --lrp; give both or neither.", command: name)
        }
        if master != nil, fileKey != nil || (metaKey != nil && master?.scheme == .sdmBackend) {
            throw UsageError(
                "--master-key derives the keys the check uses; leave out --file-key (and --meta-key, but for an10922's shared meta key).",
                command: name)
        }
        let tear = try TearOptions.parse(&arguments)
        let target = try await NTAG424Targets.open(&arguments, io: io, command: name)
        defer { target.close() }
        try target.finish(&arguments)
        try tear.requireField(target.opened, command: name)
        var checkKeys = (meta: metaKey ?? Type4Tag.factoryKey, file: fileKey ?? Type4Tag.factoryKey)
        var changeKey = key ?? Type4Tag.factoryKey
        if let master {
            let derivation = try master.derivation(metaKeyNumber: meta, fileKeyNumber: file, metaKey: metaKey)
            let uid = try MasterKeyOption.uid(target.uid, command: name)
            checkKeys = (derivation.metaKey, derivation.fileKey(uid: uid))
            // Key 0, the file's change key, is derived too unless given (ntag424 keys --master-key set it).
            if key == nil, let derived = derivation.tagKey(number: 0, uid: uid) { changeKey = derived }
        }
        let report: NTAG424SDMSetupReport
        do {
            report = try await tear.arming(target.opened) {
                try await target.driver().setUpSDM(
                    template, key: changeKey,
                    checkingTapWith: checkKeys,
                    lrp: lrp ? .permanent : nil)
            }
        } catch {
            try target.save()
            throw error
        }
        try target.save()
        let sdm = template.sdm
        let offsets: [(String, Int?)] = [
            ("uid_offset", sdm.uidOffset), ("read_counter_offset", sdm.readCounterOffset),
            ("picc_data_offset", sdm.piccDataOffset), ("mac_input_offset", sdm.macInputOffset),
            ("enc_offset", sdm.encOffset), ("enc_length", sdm.encLength), ("mac_offset", sdm.macOffset),
        ]
        if json {
            io.printJSON(
                .object(
                    [
                        ("steps", .array(report.steps.map { .string($0.rawValue) })),
                        ("verified", .bool(report.verified)), ("tap", tapJSON(report.tap)),
                        ("file_option", .string(Hex.encode([template.fileOption]))),
                        ("sdm_options", .string(Hex.encode([sdm.options]))),
                        ("sdm_access_rights", .string(Hex.encode(sdm.accessRightsBytes))),
                        ("secure_messaging", .string(template.lrp ? "lrp" : "aes")),
                    ] + offsets.map { ($0.0, $0.1.map(JSON.int) ?? .null) }))
        } else {
            let done = report.steps.isEmpty ? "already in place" : report.steps.map(\.rawValue).joined(separator: ", ")
            io.print("SDM set up on \(target.label): \(done); read back \(report.verified ? "matches" : "DIFFERS").")
            for line in sdm.phrases { io.print("  \(line)") }
            io.print(tapSentence(report.tap, template: template, master: master))
        }
        let tapOK: Bool
        switch report.tap {
        case .verified, .staticURL: tapOK = true
        case .refused, .notChecked: tapOK = false
        }
        if case .refused(_, _, let sentence) = report.tap {
            io.printError("error: the URL read off the tag after setup does not verify: \(sentence)")
        }
        return report.verified && tapOK ? .success : .failure
    }

    static func tapJSON(_ tap: NTAG424SDMSetupReport.TapCheck) -> JSON {
        switch tap {
        case .verified(let url, let counter, let needsTemplate):
            .object([
                ("verified", .bool(true)), ("url", .string(url)), ("counter", .int(counter)),
                ("needs_template", .bool(needsTemplate)), ("reason", .null), ("message", .null),
            ])
        case .refused(let url, let reason, let sentence):
            .object([
                ("verified", .bool(false)), ("url", url.map(JSON.string) ?? .null), ("counter", .null),
                ("needs_template", .null), ("reason", reason.map { .string($0.rawValue) } ?? .null),
                ("message", .string(sentence)),
            ])
        case .staticURL(let url):
            .object([
                ("verified", .bool(false)), ("url", url.map(JSON.string) ?? .null), ("counter", .null),
                ("needs_template", .null), ("reason", .string("static-url")),
                ("message", .string("A static URL (--allow-static-url): there is no counter to verify.")),
            ])
        case .notChecked:
            .null
        }
    }

    static func tapSentence(
        _ tap: NTAG424SDMSetupReport.TapCheck, template: SUNTemplate, master: MasterKeyOption? = nil
    )
        -> String
    {
        switch tap {
        case .verified(let url, let counter, let needsTemplate):
            var keys = "--meta-key … --file-key …"
            if let master {
                keys =
                    "--master-key …"
                    + (master.scheme == .an10922 ? " --diversification an10922 --meta-key …" : "")
                    + (master.scheme == .sdmBackend && template.sdm.fileRead != .key(2)
                        ? " --file-key-number \(template.sdm.fileRead.nibble)" : "")
            }
            if template.macInputStart != .automatic { keys += " --mac-input-from \(template.macInputStart.argument)" }
            let how =
                needsTemplate
                ? "a backend verifies it with the template: tapcard sun verify URL --template '\(template.template)' \(keys)"
                : "a backend verifies it with: tapcard sun verify URL \(keys)"
            return "Read one URL off the tag and verified it (read counter \(counter)): \(url)\n\(how)"
        case .refused(let url, _, _):
            let keys =
                master == nil
                ? "the keys given (--meta-key, --file-key)"
                : "the keys --master-key derives (meta key \(template.sdm.metaRead.nibble), file key \(template.sdm.fileRead.nibble): are they the numbers ntag424 keys --master-key set?)"
            return "Read \(url ?? "no URL") off the tag: it does NOT verify under \(keys)."
        case .staticURL(let url):
            return
                "Static URL (--allow-static-url): \(url ?? "none read"). It never changes: anyone who saw it once can replay it."
        case .notChecked:
            return "The tag's URL was not checked."
        }
    }
}
