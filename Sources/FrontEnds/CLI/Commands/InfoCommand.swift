import CommandLineKit
import TagWorkflows

/// `tapcard info`: everything a Tag Info screen shows.
struct InfoCommand: Command {
    static let name = "info"
    static let summary = "Show everything about a tag: chip, UID, CC, TLVs, locks, capacity, memory."
    static let options: [OptionSpec] = [.json] + TagTarget.options + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard info [--tag FILE] [--password HEX8 [--pack HEX4]] [--json] [--db PATH]

        Reads the whole tag: chip (from GET_VERSION), UID and its check bytes, Capability
        Container, every TLV with its offset, static and dynamic lock bytes, NDEF status, the
        largest message it holds (derived from its own CC and TLVs), the NDEF message, the
        originality signature, the password configuration in words (AUTH0, PROT, AUTHLIM, CFGLCK:
        which pages need the password to be written or read) and the raw memory. On a Type 4
        tag: the chip (GetVersion), the CC file byte by byte (mapping version, MLe, MLc, the NDEF
        file and its read and write access), NLEN, and on an NTAG 424 DNA each file's settings and
        access rights and the originality signature (Read_Sig, NXP's secp224r1 key). On a Type 5
        tag: GET SYSTEM INFO, the CC byte by byte (magic, version, access, MLEN, MBREAD), the TLVs,
        block security, what would make iOS or Android refuse it, and on an ICODE SLIX2 the
        originality signature (READ SIGNATURE, NXP's secp128r1 key) and GET NXP SYSTEM INFO. On a
        Type 3 tag: IDm, PMm, the system codes it answers, the attribute block byte by byte and, on
        a FeliCa Lite-S, the MC block in words (which blocks are read-only, NDEF enabled). The tag
        (UID, chip, capacity, signature verdict) is recorded in the TapCard database (see
        'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)

        Example:
          tapcard info --tag Tests/Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc --json

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        let password = try PasswordOptions.parse(&arguments)
        // With a password the read may count a wrong one against AUTHLIM and save the file: it
        // holds the lock for writing then.
        let tag = try await OpenedTag.open(&arguments, io: io, access: password.password == nil ? .reading : .writing)
        try tag.finish(&arguments)
        return try await TagVerbs.read(tag, inspect: true, password: password, json: json, recording: recording, io: io)
    }
}
