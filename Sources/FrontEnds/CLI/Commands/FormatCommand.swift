import CommandLineKit
import TagWorkflows
import TapCardSupport

/// `tapcard format`: NDEF-formats a blank tag.
struct FormatCommand: Command {
    static let name = "format"
    static let summary = "NDEF-format a blank tag (writes the one-time-programmable CC)."
    static let options: [OptionSpec] =
        [
            .json, .flag("--fix-for-ios", "Type 5: rewrite only the CC, with MBREAD clear, so iOS reads the tag."),
            .flag("--multiple-block-read", "Type 5: set the CC's MBREAD bit (iOS will then not read the tag)."),
            .value(
                "--ndef-size", "BYTES", "DESFire: the NDEF file's size, NLEN included (default 2048, or what fits)."),
            .secret(
                "--key", "HEX32", environment: "TAPCARD_KEY",
                "DESFire: the PICC master key (AES), if the card wants it to create applications."),
        ] + TearOptions.options + TagTarget.options + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard format [--tag FILE] [--password HEX8 [--pack HEX4]] [--json] [--db PATH]
               tapcard format [--fix-for-ios | --multiple-block-read] [--tag FILE] [--json]   (Type 5)
               tapcard format [--ndef-size BYTES] [--key HEX32] [--tag FILE] [--json]          (DESFire)

        Writes an empty NDEF TLV (after the chip's factory Lock Control TLV, where it has one)
        and then the Capability Container. The CC is one-time programmable: bits can only be
        set, so a CC holding other bits can never be formatted, and TapCard refuses. A completed
        format is recorded in the TapCard database's write log (see 'tapcard tags'). A Type 4
        tag is refused (its NDEF application, CC file and NDEF file are made by its maker),
        except a MIFARE DESFire.

        On a MIFARE DESFire EV1/EV2/EV3 (NXP AN11004, mapping 2.0): application 000001 with DF
        name D2760000850101, its CC file 01 (E103) and NDEF file 02 (E104), all in plain
        commands; the NDEF file last, so a tear leaves a card no reader takes for an NDEF card,
        and running format again sends only what is missing. --ndef-size sets the NDEF file
        (5 to 65534 bytes, NLEN included; default 2048, or the largest the free memory takes).
        A card that creates applications only with its PICC master key is authenticated with
        AuthenticateEV2First, or AuthenticateAES on an EV1 (AES; --key HEX32, else all zeros);
        the key is never printed.
        The application can be removed again with the PICC master key, so no confirmation.

        On a Type 5 tag (ICODE SLIX2, ST25DV04K, an ISO 15693 card on a reader) the CC is
        rewritable: format writes 03 00 FE 00 right after the CC first, then the CC E1 40 MLEN 00
        (MLEN from the chip's memory), so a tear leaves the old CC or the new one; any message is
        emptied. MBREAD stays clear, because iOS does not read a Type 5 tag whose CC sets it.
        --multiple-block-read sets it anyway (with a warning); --fix-for-ios rewrites only the CC
        block with MBREAD clear and leaves the message as it is.

        On a FeliCa Lite-S (Type 3): MC SYS_OP set to 01 (the card then answers the NDEF system
        code 12FC), then the attribute block (Ver 1.0, Nbr 4, Nbw 1, Nmaxb 13, Ln 0), as nfcpy
        formats it; a card holding a message is refused (use 'tapcard erase').

        Run again on a tag it formatted (TapCard's CC, attribute block or MAD, and an empty
        message), format sends nothing and exits 0; another tool's format is refused. A format
        torn part-way is finished by the same command. On a MIFARE DESFire, application 000001
        is taken over only when it is AN11004's NDEF application as TapCard lays it out: another
        issuer's is refused with nothing sent, and --ndef-size other than the size the card's
        CC already names is refused.

        Options:
          --fix-for-ios            Type 5: rewrite only the CC, with MBREAD clear, so iOS reads it.
          --multiple-block-read    Type 5: set the CC's MBREAD bit (iOS will not read the tag).
          --ndef-size BYTES        DESFire: the NDEF file's size (default 2048, or what fits).
          --key HEX32              DESFire: the PICC master key, if creating applications needs it.
          --simulate-tear-after N  (virtual tags) Let exactly N commands complete, then take the
                                   tag out of the field; the error is followed by what the tag
                                   now reads as, and the same format run again finishes it.
          --tear-mode MODE         not-delivered (default), reply-lost or corrupted-write.
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let options = FormatOptions(
            multipleBlockRead: arguments.flag("--multiple-block-read"), fixForIOS: arguments.flag("--fix-for-ios"),
            ndefFileSize: try arguments.integer("--ndef-size"), key: try KeyInputError.key(&arguments))
        // The option's own range, checked before anything is opened or created (a number out of
        // its range is a wrong command line, 64).
        if let size = options.ndefFileSize, !(5...0xFFFE).contains(size) {
            throw UsageError(
                "--ndef-size is the NDEF file's size, NLEN included: 5 to 65534 bytes, not \(size).", command: name)
        }
        if options.fixForIOS, options.multipleBlockRead {
            throw UsageError(
                "--fix-for-ios clears MBREAD and --multiple-block-read sets it: give one of them.", command: name)
        }
        let recording = try TagRecording.take(&arguments, io: io)
        let password = try PasswordOptions.parse(&arguments)
        let tear = try TearOptions.parse(&arguments)
        let tag = try await OpenedTag.open(&arguments, io: io)
        if options.fixForIOS || options.multipleBlockRead, tag.forumType != 5 {
            tag.close()
            throw UsageError(
                "--fix-for-ios and --multiple-block-read set the CC's MBREAD bit of a Type 5 (ISO 15693) tag; this tag is not one.",
                command: name)
        }
        if options.ndefFileSize != nil || options.key != nil, tag.forumType != 4 {
            tag.close()
            throw UsageError(
                "--ndef-size and --key set up a MIFARE DESFire's NDEF application; this is \(TagFacts.kindPhrase(forumType: tag.forumType)).",
                command: name)
        }
        try tag.finish(&arguments)
        return try await TagVerbs.format(
            tag, options: options, password: password, json: json, recording: recording, tear: tear, io: io)
    }
}
