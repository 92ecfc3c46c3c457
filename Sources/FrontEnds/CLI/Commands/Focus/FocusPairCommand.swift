import CommandLineKit
import Focus
import FocusSessions
import Foundation
import Store
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type4

/// `tapcard focus pair`: pair the tapped tag with the profile; an NTAG 424 DNA is made (or
/// adopted as) a SUN tag that proves itself on every tap.
struct FocusPairCommand: Command {
    static let name = "focus pair"
    static let summary = "Pair a tag (its UID and chip; an NTAG 424 DNA by its SUN keys) with the profile."
    static let defaultTemplate = "https://tapcard.invalid/f?e={picc}&c={mac}"
    static let options: [OptionSpec] =
        [
            .json, .value("--label", "TEXT", "A name for the tag."),
            .value("--location", "TEXT", "Where the tag lives (shown when another tag is refused)."),
            .flag("--no-secure", "An NTAG 424 DNA: pair by UID only, as a plain tag (no SUN)."),
            .secret(
                "--key", "HEX32", environment: "TAPCARD_KEY",
                "An NTAG 424 DNA's current key 0 (default: the factory key). Never printed."),
            .value("--url-template", "T", "An NTAG 424 DNA: the SUN URL template (needs {picc} and {mac})."),
            .secret(
                "--meta-key", "HEX32", environment: "TAPCARD_META_KEY",
                "Adopt an already provisioned NTAG 424 DNA: its SDM meta-read key."),
            .secret(
                "--file-key", "HEX32", environment: "TAPCARD_FILE_KEY",
                "Adopt an already provisioned NTAG 424 DNA: its SDM file-read key."),
        ] + TappedTag.options
    static let help = """
        Usage: tapcard focus pair [--label L] [--location PLACE] [--json] [--tag FILE] [--db PATH] [--profile NAME]
                 [--no-secure | --key HEX32 | --url-template T | --meta-key HEX32 --file-key HEX32]

        Pairs the tag with the focus profile. The pairing is the tag's UID and chip type, never its
        NDEF content, so rewriting the tag keeps the pairing. Pair several tags (home, office) by
        running this once per tag. Pairing again updates the label and location. Pairing is refused
        while a session runs.

        An NTAG 424 DNA is paired secure (SUN) unless --no-secure: TapCard generates two random
        AES keys, stores them in the TapCard database (made mode 0600: it now holds secrets, like
        an SSH key), changes keys 1 (file-read: the MAC) and 2 (meta-read: PICCData) on the tag
        with key 0 (--key, default the factory key; key 0 itself is left as it is — change it with
        'tapcard ntag424 keys' to stop others re-provisioning the tag), sets up SDM with the URL
        template, then reads the tag once and verifies the URL before pairing. From then on a tap
        counts only with a valid MAC and a read counter above the last one accepted: a copied or
        edited URL, a replayed URL and a tag with the same UID but no SUN are each refused, and
        the refusal says which. A pairing that stops part-way keeps the keys it stored; run the
        same command again to complete it. With --meta-key and --file-key, a tag already set up
        with SDM (AES, {picc} and {mac}) is adopted: nothing is written, one URL read must verify.

        Options:
          --label L           A name for the tag ("Kitchen").
          --location PLACE    Where the tag lives ("kitchen drawer"); a wrong tag's refusal names it.
          --no-secure         Pair an NTAG 424 DNA by UID and chip only, like a plain tag.
          --key HEX32         The NTAG 424 DNA's current key 0 (needed to change keys 1-2 and SDM).
          --url-template T    The SUN URL (default \(defaultTemplate)).
          --meta-key HEX32    Adopt a provisioned tag: its meta-read key (decrypts PICCData).
          --file-key HEX32    Adopt a provisioned tag: its file-read key (the MAC).
          --json              Print {"outcome": paired|updated, "tag": …, "secure": {…}|null,
                              "signature_statement": …, "notice": …}.

        """ + TappedTag.optionHelp + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let label = try arguments.option("--label")
        let location = try arguments.option("--location")
        let json = arguments.flag("--json")
        let noSecure = arguments.flag("--no-secure")
        let keyZero = try KeyInputError.key(&arguments)
        let templateText = try arguments.option("--url-template")
        let metaKey = try arguments.option("--meta-key").map { try KeyInputError.key($0, option: "--meta-key") }
        let fileKey = try arguments.option("--file-key").map { try KeyInputError.key($0, option: "--file-key") }
        guard (metaKey == nil) == (fileKey == nil) else {
            throw UsageError("Adopting a provisioned tag needs both --meta-key and --file-key.", command: name)
        }
        let adopted = metaKey.flatMap { meta in fileKey.map { SUNKeyPair(metaKey: meta, fileKey: $0) } }
        let secureOptions = keyZero != nil || templateText != nil || adopted != nil
        if noSecure && secureOptions {
            throw UsageError("--no-secure pairs by UID only; it takes no keys or template.", command: name)
        }
        if adopted != nil && (keyZero != nil || templateText != nil) {
            throw UsageError(
                "--meta-key/--file-key adopt a provisioned tag as it is; --key and --url-template provision one.",
                command: name)
        }
        // The template is checked before any tag is touched.
        let template = try SUNTemplate(
            templateText ?? defaultTemplate, fileData: [], metaKeyNumber: 2, fileKeyNumber: 1)
        guard template.placeholders.contains(.picc), template.placeholders.contains(.mac) else {
            throw UsageError("A focus tag's --url-template needs {picc} and {mac}.", command: name)
        }
        let options = try FocusOptions.parse(&arguments, io: io)
        let opened = try await OpenedTag.open(&arguments, io: io, access: .writing)
        defer { opened.close() }
        try arguments.finish()
        var tag = try await TappedTag.read(opened)
        let controller = try options.controller()
        let now = CLIClock.now(io)
        try tag.recordSighting(in: controller.store, at: now)
        let isNTAG424 = tag.identity.chip == TagModel.ntag424DNA.rawValue
        if secureOptions && !isNTAG424 {
            throw UsageError(
                "--key, --url-template, --meta-key and --file-key apply to an NTAG 424 DNA; this tag is a \(tag.identity.chip).",
                command: name)
        }
        var secure: (counter: Int, adopted: Bool, steps: [String])? = nil
        let outcome: PairingOutcome
        if let target = Type4Target(opened), isNTAG424, !noSecure {
            var steps: [String] = []
            let keys: SUNKeyPair
            if let adopted {
                keys = adopted
            } else {
                // Keys stored by an interrupted pairing are used again: the tag may hold them.
                keys = try controller.storedSUNKeys(for: tag.identity) ?? randomKeys()
                try controller.saveSUNKeys(keys, for: tag.identity, at: now)
                let driver = target.driver()
                do {
                    let change = try await driver.changeKeys(
                        to: [1: keys.fileKey, 2: keys.metaKey], replacing: keyZero.map { [0: $0] } ?? [:],
                        confirmation: .changeKeys)
                    steps +=
                        change.changed.map { "changed key \($0)" } + change.alreadyNew.map { "key \($0) already new" }
                    let setup = try await driver.setUpSDM(template, key: keyZero ?? Type4Tag.factoryKey)
                    steps += setup.steps.map(\.rawValue)
                } catch {
                    try target.save()
                    throw error
                }
                try target.save()
                tag = try await TappedTag.read(opened)
                try target.save()
            }
            guard let url = tag.url else {
                throw UsageError(
                    "This NTAG 424 DNA holds no URL to verify\(adopted != nil ? " (set up SDM first, or pair without --meta-key/--file-key to let TapCard do it)" : "").",
                    command: name)
            }
            let result = try controller.pairSecured(
                tag.identity, keys: keys, url: url, label: label, location: location, signature: tag.signature, at: now)
            outcome = result.outcome
            secure = (result.counter, adopted != nil, steps)
        } else {
            outcome = try controller.pair(
                tag.identity, label: label, location: location, signature: tag.signature, at: now)
        }
        let statement = tag.signatureStatement ?? tag.signature.sentence
        let notice = secure == nil ? PairingNotice.text : PairingNotice.secureText
        if json {
            let (word, paired) =
                switch outcome {
                case .paired(let paired): ("paired", paired)
                case .updated(let paired): ("updated", paired)
                }
            let secureJSON: JSON =
                secure.map {
                    .object([
                        ("mode", .string($0.adopted ? "adopted" : "provisioned")), ("counter", .int($0.counter)),
                        ("steps", .array($0.steps.map(JSON.string))),
                        ("keys_stored_in", .string(controller.store.path)),
                    ])
                } ?? .null
            io.printJSON(
                JSON.object([
                    ("profile", .string(controller.profileName)), ("outcome", .string(word)),
                    ("tag", FocusJSON.pairedTag(paired)), ("secure", secureJSON),
                    ("signature_statement", .string(statement)), ("notice", .string(notice)),
                ]))
            return .success
        }
        switch outcome {
        case .paired(let paired): io.print("Paired \(paired.identity) (\(paired.whereabouts)).")
        case .updated(let paired): io.print("Updated \(paired.identity) (\(paired.whereabouts)).")
        }
        if let secure {
            if !secure.steps.isEmpty { io.print("On the tag: \(secure.steps.joined(separator: ", ")).") }
            io.print(
                "SUN: \(secure.adopted ? "adopted" : "provisioned"); the URL read back verifies (read counter \(secure.counter)). The keys are stored in \(controller.store.path) (mode 0600)."
            )
        }
        io.print("Originality signature: \(statement)")
        io.print("")
        io.print(notice)
        return .success
    }

    static func randomKeys() -> SUNKeyPair {
        var random = SystemRandomNumberGenerator()
        func key() -> [UInt8] { (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) } }
        return SUNKeyPair(metaKey: key(), fileKey: key())
    }
}
