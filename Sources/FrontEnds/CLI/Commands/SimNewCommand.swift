import CommandLineKit
import Foundation
import TagCatalog
import TagEmulator
import TapCardSupport

/// `tapcard sim new MODEL FILE`: a factory-fresh virtual tag.
struct SimNewCommand: Command {
    static let name = "sim new"
    static let summary = "Create a factory-fresh virtual tag."
    static let options: [OptionSpec] = [
        .json, .flag("--force", "Replace an existing file."),
        .flag("--blank", "A tag that was never NDEF-formatted (no CC; FeliCa: NDEF not enabled)."),
        .flag("--unformatted", "The same as --blank (its older name, for Type 2 tags)."),
        .value("--uid", "HEX", "The 7-byte UID, 8 bytes for Type 5 (default: random)."),
        .value("--idm", "HEX", "FeliCa Lite-S: the 8-byte IDm (default: random, 01 2E first)."),
    ]
    static let positionals = [
        PositionalSpec("MODEL", completion: .values(SimModels.allNames)), PositionalSpec("FILE", completion: .file),
    ]
    static let help = """
        Usage: tapcard sim new MODEL FILE [--uid HEX | --idm HEX] [--blank] [--force] [--json]

        Creates FILE holding a new emulated tag as it leaves the factory: NTAG213 with its Lock
        Control TLV and an empty NDEF message, NTAG215/216 with an empty NDEF message, MIFARE
        Ultralight blank-formatted. Its originality signature is all zeros: only NXP can sign a
        UID, so a virtual tag's signature never verifies.

        Type 4 tags: ntag424 (NTAG 424 DNA as shipped: CC, a 256-byte NDEF file of zeros, the
        128-byte proprietary file, five AES keys of zeros, a 56-byte signature of zeros) and
        type4 (a generic NFC Forum Type 4 tag with a 2048-byte NDEF file), and desfire-ev1-4k,
        desfire-ev2-8k and desfire-ev3-4k (MIFARE DESFire EV1 4K, which authenticates with
        AuthenticateAES only, EV2 8K and EV3 4K: with AN11004's NDEF application and a 2048-byte
        NDEF file, or --blank as shipped, with no application). They are saved in TapCard's Type 4 text format
        (Flipper Zero has none for them); --blank does not apply to ntag424 and type4 (they ship
        with their CC file).

        MIFARE Classic: mifare-classic-1k, mifare-classic-4k, saved in Flipper Zero's Mifare
        Classic format; NDEF-formatted per AN1304 (MAD, NDEF sectors under key D3F7D3F7D3F7)
        unless --blank leaves them as shipped (transport keys, access bits FF 07 80 69). Their
        UID has 4 bytes (random), or the 4 or 7 of --uid.

        Type 5 tags: icode-slix2 (NXP ICODE SLIX2, 80 blocks of 4 bytes, block 79 its counter)
        and st25dv04k (ST25DV04K, 128 blocks of 4 bytes). They are NDEF formatted the way
        TapCard formats them (CC E1 40 MLEN 00 in block 0, 03 00 FE 00 in block 1) unless
        --blank leaves all memory zero, and are saved as Flipper Zero files (Device type SLIX,
        ISO15693-3). Their UID has 8 bytes, E0 first.

        FeliCa: felica-lite-s (Sony RC-S966), saved in Flipper Zero's FeliCa format. Without
        --blank it is NDEF-formatted as `tapcard format` leaves it (MC SYS_OP 01, attribute block
        Ver 1.0, Nbr 4, Nbw 1, Nmaxb 13, Ln 0); --blank leaves it as shipped (NDEF not enabled).
        --idm sets its 8-byte IDm.

        MODEL: \(SimModels.allNames.joined(separator: ", "))

        Options:
          --uid HEX       The 7-byte UID (e.g. 04A1B2C3D4E5F6); random with NXP's 04 first if absent.
                          The check bytes BCC0/BCC1 are computed.
          --idm HEX       FeliCa Lite-S: the 8-byte IDm (random, 01 2E first, if absent).
          --blank         A tag that was never NDEF-formatted, on every model that can be:
                          Type 2 and Type 5 with no CC (CC and data area all zeros), FeliCa Lite-S
                          as shipped (NDEF not enabled). --unformatted is the same option.
          --force         Replace FILE if it exists.
          --json          Print one JSON object instead of text.

        Example:
          tapcard sim new ntag215 card.nfc --uid 04112233445566

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        // One word for a never-formatted tag on every model; --unformatted stays as its alias.
        let blank = arguments.flag("--blank") || arguments.flag("--unformatted")
        let force = arguments.flag("--force")
        let uidText = try arguments.option("--uid")
        let idmText = try arguments.option("--idm")
        let modelName = try arguments.requiredPositional("MODEL (\(SimModels.allNames.joined(separator: ", ")))")
        let path = try arguments.requiredPositional("FILE")
        try arguments.finish()
        let model = try SimModels.anyModel(named: modelName, command: name)
        // A FeliCa card has an IDm where other tags have a UID: each option names its own.
        let byIDm = VirtualTag.identifiesByIDm(model)
        if byIDm, uidText != nil { throw UsageError("A FeliCa card has an IDm, not a UID: use --idm.", command: name) }
        if !byIDm, idmText != nil { throw UsageError("--idm applies to felica-lite-s.", command: name) }
        if blank, !VirtualTag.canBeBlank(model) {
            throw UsageError(
                "--blank does not apply to a Type 4 tag: it ships with its CC and NDEF files (NFC Forum Type 4 has no format).",
                command: name)
        }
        var identifier: [UInt8]? = nil
        if let text = byIDm ? idmText : uidText { identifier = try Hex.decode(text) }
        let tag = try VirtualTag.factoryFresh(model, identifier: identifier, blank: blank)
        try OutputFiles.write([OutputFiles.tag(tag, at: path)], force: force)
        TagOutput.virtualTag(tag, path: path).print(action: "created", title: "Created", json: json, io: io)
        return .success
    }
}
