import CommandLineKit
import TagWorkflows

/// `tapcard read`: the NDEF message on a tag, with as few commands as the chip allows.
struct ReadCommand: Command {
    static let name = "read"
    static let summary = "Read the NDEF message on a tag (a virtual tag by default)."
    static let options: [OptionSpec] = [.json] + TagTarget.options + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard read [--tag FILE] [--password HEX8 [--pack HEX4]] [--json] [--db PATH]

        Reads the tag's NDEF message: GET_VERSION, one READ of the header, then READ/FAST_READ
        over the NDEF TLV only. Prints the records, the tag's NDEF status and its capacity.
        A tag whose write was interrupted is reported as such ("rewrite this tag"); a tag that
        refuses reads without its password (ACCESS.PROT) as password-protected, with the first
        page it refused. On a Type 4 tag (a virtual NTAG 424 DNA or T4T file, or an ISO-DEP card
        on a reader): SELECT of the NDEF application, GetVersion, the CC file, then NLEN and the
        message in chunks of at most MLe; the capacity is the one its CC file reports. On a Type 5 tag (a virtual ICODE SLIX2 or
        ST25DV04K file, or an ISO 15693 card on a reader): GET SYSTEM INFO (or, where the reader
        cannot send it, the UID and the first block), the CC in block 0, then the data area until
        the NDEF TLV is read whole; the capacity is the one its CC reports. On a Type 3 tag (a
        virtual FeliCa Lite-S file): Polling for the NDEF system code 12FC, the attribute block
        (block 0), then Check of the Ln bytes it names; a WriteF of 0F is an interrupted write; the
        capacity is Nmaxb × 16 from the attribute block. The tag
        (UID, chip, capacity) is recorded in the TapCard database (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)

        Example:
          tapcard read --tag card.nfc --json

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        let password = try PasswordOptions.parse(&arguments)
        // With a password the read may count a wrong one against AUTHLIM and save the file: it
        // holds the lock for writing then.
        let tag = try await OpenedTag.open(&arguments, io: io, access: password.password == nil ? .reading : .writing)
        try tag.finish(&arguments)
        return try await TagVerbs.read(
            tag, inspect: false, password: password, json: json, recording: recording, io: io)
    }
}
