import CommandLineKit
import TagWorkflows
import Type2

/// `tapcard protect --password HEX8 …`: puts a password on an NTAG21x or Ultralight EV1.
struct ProtectCommand: Command {
    static let name = "protect"
    static let summary = "Password-protect an NTAG21x / Ultralight EV1 (writes, optionally reads too)."
    static let options: [OptionSpec] =
        [
            .value("--password", "HEX8", "The new password."),
            .value("--pack", "HEX4", "The new PACK (default 0000)."),
            .value("--from-page", "N", "AUTH0: the first protected page (default 4)."),
            .flag("--read-protect", "Reads need the password too (PROT)."),
            .value("--attempts", "N", "Lock for good after N wrong passwords (AUTHLIM)."),
            .value("--current-password", "HEX8", "The tag's current password, when it is protected."),
            .value("--current-pack", "HEX4", "The PACK it must answer to that."),
        ] + ProtectionRunner.options
    static let help = """
        Usage: tapcard protect --password HEX8 [--pack HEX4] [--from-page N] [--read-protect]
                               [--attempts N] [--current-password HEX8 [--current-pack HEX4]]
                               [--tag FILE | --reader R] [--json]

        Sets the tag's password (PWD, 4 bytes) and PACK (2 bytes), then AUTH0, the first page
        that needs the password. By default writes from the first data page (4) on need it and
        reads stay free. The order is tearing-safe: PWD, PACK and ACCESS first, AUTH0 last as the
        switch (a protected tag whose password changes is switched off first), so a tear leaves
        the tag unprotected or protected with a password you know, never by half-written bytes.
        Afterwards CFG0/CFG1 are read back and the new password is presented to check it. An
        already protected tag needs its current password (--current-password).

        The password travels over the air in clear text: it stops casual rewriting, it is not
        secrecy. Only hex is taken (tools disagree on how typed text becomes 4 bytes). A tag whose
        configuration is locked (CFGLCK) can never change its protection.

        Options:
          --password HEX8          The new password (8 hex digits).
          --pack HEX4              The new PACK the tag answers the password with (default 0000).
          --from-page N            AUTH0: the first protected page (default 4; 3 up to the chip's
                                   last page).
          --read-protect           Reads from that page on need the password too (PROT). Phones
                                   then cannot read the message without it.
          --attempts N             Lock the protected pages for good after N wrong passwords
                                   (AUTHLIM; NTAG21x 1–7, Ultralight EV1 2, 4 … 128). Default: no
                                   limit.
          --current-password HEX8  The tag's current password, when it is already protected.
          --current-pack HEX4      The PACK it must answer to that.
        \(TagTarget.helpLines)
        \(ProtectionRunner.tearHelpLines)

        Examples:
          tapcard protect --password 1a2b3c4d --tag card.nfc
          tapcard protect --password 1a2b3c4d --pack 5e6f --read-protect --attempts 7 --tag card.nfc
          tapcard protect --password 99887766 --current-password 1a2b3c4d --tag card.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        guard let passwordText = try arguments.option("--password") else {
            throw UsageError("protect needs the new password: --password HEX8 (8 hex digits).", command: name)
        }
        let password = try Type2Password.parse(passwordText)
        let pack = try arguments.option("--pack").map(PasswordAcknowledge.parse) ?? .factory
        let firstPage = try arguments.integer("--from-page") ?? ProtectionRequest.defaultFirstPage
        let readProtect = arguments.flag("--read-protect")
        let attempts = try arguments.integer("--attempts")
        if let attempts, attempts < 1 {
            throw UsageError(
                "--attempts takes a number of wrong passwords, 1 or more (leave it out for no limit).", command: name)
        }
        var current = PasswordOptions()
        if let text = try arguments.option("--current-password") { current.password = try Type2Password.parse(text) }
        if let text = try arguments.option("--current-pack") {
            guard current.password != nil else {
                throw UsageError("--current-pack checks the answer to --current-password: give both.", command: name)
            }
            current.acknowledge = try PasswordAcknowledge.parse(text)
        }
        let request = ProtectionRequest(
            password: password, acknowledge: pack, firstPage: firstPage, protectsReads: readProtect, attempts: attempts)
        return try await ProtectionRunner.run(
            .protect(request), current: current, verb: "Protected", &arguments, io: io)
    }
}
