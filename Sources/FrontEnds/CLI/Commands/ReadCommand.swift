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
        let target: TagTarget
        switch try await OpenedTag.open(&arguments, io: io, access: password.password == nil ? .reading : .writing) {
        case .type2Reader(let session):
            try arguments.finish()
            return try await ReaderTagCommands.read(
                session, password: password, json: json, recording: recording, io: io)
        case .type4(let type4):
            try type4.finish(&arguments)
            try Type4Commands.refusePassword(password, command: name)
            return try await Type4Commands.read(type4, json: json, recording: recording, io: io)
        case .type3(let type3):
            try type3.finish(&arguments)
            try Type3Commands.refusePassword(password, command: name)
            return try await Type3Commands.read(type3, json: json, recording: recording, io: io)
        case .type5(let type5):
            try type5.finish(&arguments)
            try Type5Commands.refusePassword(password, command: name)
            return try await Type5Commands.read(type5, json: json, recording: recording, io: io)
        case .type2Virtual(let opened): target = opened
        }
        defer { target.close() }
        try arguments.finish()
        let report = try await target.reading {
            try await password.session(target.tag, declaredModel: target.tag.model).read()
        }
        let status = ReadOutput.print(report, path: target.path, json: json, io: io)
        recording.read(report, io: io)
        return status
    }
}
