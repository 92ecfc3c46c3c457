import CommandLineKit
import TagWorkflows
import Type2

/// `tapcard protect --password HEX8 …`: puts a password on an NTAG21x or Ultralight EV1;
/// `tapcard protect --ulc-key HEX32 …` guards a MIFARE Ultralight C's pages with the key it holds.
struct ProtectCommand: Command {
    static let name = "protect"
    static let summary =
        "Password-protect an NTAG21x / Ultralight EV1, or key-protect an Ultralight C (writes, optionally reads too)."
    static let options: [OptionSpec] =
        [
            .value("--password", "HEX8", "The new password."),
            .value("--pack", "HEX4", "The new PACK (default 0000)."),
            .value("--from-page", "N", "AUTH0: the first protected page (default 4)."),
            .flag("--read-protect", "Reads need the password too (PROT)."),
            .value("--attempts", "N", "Lock for good after N wrong passwords (AUTHLIM)."),
            .value("--current-password", "HEX8", "The tag's current password, when it is protected."),
            .value("--current-pack", "HEX4", "The PACK it must answer to that."),
            .value("--ulc-key", "HEX32", "A MIFARE Ultralight C's 3DES key: guard its pages with it; never printed."),
            .value("--new-ulc-key", "HEX32", "Write this 3DES key to an Ultralight C instead; never printed."),
            .flag("--yes-change-key", "Confirms the Ultralight C key change."),
        ] + ProtectionRunner.options
    static let help = """
        Usage: tapcard protect --password HEX8 [--pack HEX4] [--from-page N] [--read-protect]
                               [--attempts N] [--current-password HEX8 [--current-pack HEX4]]
                               [--tag FILE | --reader R] [--json]
               tapcard protect --ulc-key HEX32 [--from-page N] [--read-protect]
                               [--tag FILE | --reader R] [--json]
               tapcard protect [--ulc-key HEX32] --new-ulc-key HEX32 --yes-change-key
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

        A MIFARE Ultralight C has no password: --ulc-key authenticates with its 3DES key (mutual
        3DES, AUTHENTICATE 1A), then writes AUTH1 (bit 0 clear with --read-protect: reads need
        the key too) and AUTH0, the first guarded page, last; AUTH0/AUTH1 are read back. The key
        itself is not changed. Without --ulc-key nothing is sent to an Ultralight C.
        --new-ulc-key writes a new key to pages 2Ch-2Fh (AUTH0 turned off around it when the tag
        is protected, so a tear never leaves it guarded by a half-written key) and keeps AUTH0 and
        AUTH1; the tag uses it from its next reset. It needs --yes-change-key, and --ulc-key when
        the tag is protected.

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
          --ulc-key HEX32          A MIFARE Ultralight C's 16-byte 3DES key (32 hex digits, Key1
                                   then Key2; factory 49454d4b41455242214e4143554f5946); never
                                   printed. With it, only --from-page and --read-protect apply.
          --new-ulc-key HEX32      Write this key to the Ultralight C instead (AUTH0/AUTH1 kept);
                                   never printed. Keep it: the key pages cannot be read back.
          --yes-change-key         Confirms --new-ulc-key.
        \(TagTarget.helpLines)
        \(ProtectionRunner.tearHelpLines)

        Examples:
          tapcard protect --password 1a2b3c4d --tag card.nfc
          tapcard protect --password 1a2b3c4d --pack 5e6f --read-protect --attempts 7 --tag card.nfc
          tapcard protect --password 99887766 --current-password 1a2b3c4d --tag card.nfc
          tapcard protect --ulc-key 49454d4b41455242214e4143554f5946 --read-protect --tag ulc.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let keyText = try arguments.option("--ulc-key")
        let newKeyText = try arguments.option("--new-ulc-key")
        if keyText != nil || newKeyText != nil {
            return try await runWithKey(keyText, newKey: newKeyText, &arguments, io: io)
        }
        guard let passwordText = try arguments.option("--password") else {
            throw UsageError(
                "protect needs the new password: --password HEX8 (8 hex digits), or an Ultralight C's key: --ulc-key HEX32 (32 hex digits).",
                command: name)
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
            .protect(.password(request)), current: current, verb: "Protected", &arguments, io: io)
    }

    /// `--ulc-key`: the Ultralight C's key is both the credential and what guards the pages, so
    /// the password options have nothing to say.
    static func runWithKey(
        _ keyText: String?, newKey newKeyText: String?, _ arguments: inout Arguments, io: some CommandIO
    ) async throws -> ExitStatus {
        for option in ["--password", "--pack", "--attempts", "--current-password", "--current-pack"] {
            guard try arguments.option(option) == nil else {
                throw UsageError(
                    "\(option) is an NTAG21x / Ultralight EV1 password option; --ulc-key guards an Ultralight C with its 3DES key (with --from-page and --read-protect only).",
                    command: name)
            }
        }
        var current = PasswordOptions()
        current.key = try keyText.map(UltralightCKey.parse)
        let confirmed = arguments.flag("--yes-change-key")
        if let newKeyText {
            let newKey = try UltralightCKey.parse(newKeyText)
            guard try arguments.option("--from-page") == nil, !arguments.flag("--read-protect") else {
                throw UsageError(
                    "--new-ulc-key changes the key and keeps AUTH0/AUTH1: set the protection in a second run.",
                    command: name)
            }
            guard confirmed else {
                throw UsageError(
                    "Changing an Ultralight C's key needs --yes-change-key: its key pages cannot be read back, and without the new key its guarded pages can never be changed again. Nothing was sent.",
                    command: name)
            }
            return try await ProtectionRunner.run(
                .protect(.newKey(newKey)), current: current, verb: "Changed the key of", &arguments, io: io)
        }
        guard current.key != nil else { throw UsageError("--ulc-key HEX32 is missing.", command: name) }
        if confirmed {
            throw UsageError("--yes-change-key confirms --new-ulc-key HEX32, which is missing.", command: name)
        }
        let firstPage = try arguments.integer("--from-page") ?? ProtectionRequest.defaultFirstPage
        let request = TagProtectionRequest.key(firstPage: firstPage, protectsReads: arguments.flag("--read-protect"))
        return try await ProtectionRunner.run(
            .protect(request), current: current, verb: "Protected", &arguments, io: io)
    }
}
