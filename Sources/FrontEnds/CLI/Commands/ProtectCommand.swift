import CommandLineKit
import TagWorkflows
import Type2

/// `tapcard protect --password HEX8 …`: puts a password on an NTAG21x or Ultralight EV1;
/// `tapcard protect --auth-key HEX32 …` guards a tag's pages with the 16-byte key it holds.
struct ProtectCommand: Command {
    static let name = "protect"
    static let summary =
        "Password-protect an NTAG21x / Ultralight EV1, or guard a tag's pages with its key (writes, optionally reads too)."
    static let options: [OptionSpec] =
        [
            .secret("--password", "HEX8", environment: "TAPCARD_NEW_PASSWORD", "The new password."),
            .value("--pack", "HEX4", "The new PACK (default 0000)."),
            .value("--from-page", "N", "AUTH0: the first protected page (default 4)."),
            .flag("--read-protect", "Reads need the password too (PROT)."),
            .value("--attempts", "N", "Lock for good after N wrong passwords (AUTHLIM)."),
            .secret(
                "--current-password", "HEX8", environment: "TAPCARD_PASSWORD",
                "The tag's current password, when it is protected."),
            .value("--current-pack", "HEX4", "The PACK it must answer to that."),
            .secret(
                "--auth-key", "HEX32", environment: "TAPCARD_AUTH_KEY",
                "The 16-byte key the tag's AUTHENTICATE takes: guard its pages with it."),
            .secret(
                "--new-auth-key", "HEX32", environment: "TAPCARD_NEW_AUTH_KEY",
                "Write this 16-byte key to the tag instead; never printed."),
            .flag("--yes-change-key", "Confirms the key change."),
        ] + ProtectionRunner.options
    static let help = """
        Usage: tapcard protect --password HEX8 [--pack HEX4] [--from-page N] [--read-protect]
                               [--attempts N] [--current-password HEX8 [--current-pack HEX4]]
                               [--tag FILE | --reader R] [--json]
               tapcard protect --auth-key HEX32 [--from-page N] [--read-protect]
                               [--tag FILE | --reader R] [--json]
               tapcard protect [--auth-key HEX32] --new-auth-key HEX32 --yes-change-key
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

        A tag whose pages a 16-byte key guards (MIFARE Ultralight C: 3DES; Ultralight AES: AES-128,
        its DataProtKey) has no password: --auth-key authenticates with the key (mutual
        authentication, AUTHENTICATE 1A, in the chip's cipher), then writes the read guard (with
        --read-protect: reads need the key too) and AUTH0, the first guarded page, last; the
        configuration pages are read back. The key itself is not changed. Without --auth-key
        nothing is sent to such a tag. --new-auth-key writes a new key to the key pages (AUTH0
        turned off around it when the tag is protected, so a tear never leaves it guarded by a
        half-written key) and keeps the protection; the tag uses it from its next reset. It needs
        --yes-change-key, and --auth-key when the tag is protected.

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
          --auth-key HEX32         The 16-byte key the tag's AUTHENTICATE takes (32 hex digits):
                                   an Ultralight C's 3DES key (Key1 then Key2; factory
                                   49454d4b41455242214e4143554f5946), an Ultralight AES's
                                   DataProtKey (factory all zeros); never printed. With it, only
                                   --from-page and --read-protect apply.
          --new-auth-key HEX32     Write this key to the tag instead (the protection kept);
                                   never printed. Keep it: the key pages cannot be read back.
          --yes-change-key         Confirms --new-auth-key.
        \(TagTarget.helpLines)
        \(ProtectionRunner.tearHelpLines)

        Examples:
          tapcard protect --password 1a2b3c4d --tag card.nfc
          tapcard protect --password 1a2b3c4d --pack 5e6f --read-protect --attempts 7 --tag card.nfc
          tapcard protect --password 99887766 --current-password 1a2b3c4d --tag card.nfc
          tapcard protect --auth-key 49454d4b41455242214e4143554f5946 --read-protect --tag ulc.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let keyText = try arguments.option("--auth-key")
        let newKeyText = try arguments.option("--new-auth-key")
        if keyText != nil || newKeyText != nil {
            return try await runWithKey(keyText, newKey: newKeyText, &arguments, io: io)
        }
        guard let passwordText = try arguments.option("--password") else {
            throw UsageError(
                "protect needs the new password: --password HEX8 (8 hex digits), or the tag's 16-byte key: --auth-key HEX32 (32 hex digits).",
                command: name)
        }
        let password = try Type2Password.parse(passwordText)
        let pack = try arguments.option("--pack").map(PasswordAcknowledge.parse) ?? .factory
        let firstPage = try firstProtectedPage(&arguments)
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

    /// `--auth-key`: the tag's key is both the credential and what guards the pages, so the
    /// password options have nothing to say.
    static func runWithKey(
        _ keyText: String?, newKey newKeyText: String?, _ arguments: inout Arguments, io: some CommandIO
    ) async throws -> ExitStatus {
        for option in ["--password", "--pack", "--attempts", "--current-password", "--current-pack"] {
            guard try arguments.option(option) == nil else {
                throw UsageError(
                    "\(option) is an NTAG21x / Ultralight EV1 password option; --auth-key guards a tag with its 16-byte key (with --from-page and --read-protect only).",
                    command: name)
            }
        }
        var current = PasswordOptions()
        current.key = try keyText.map(Type2AuthenticationKey.parse)
        let confirmed = arguments.flag("--yes-change-key")
        if let newKeyText {
            let newKey = try Type2AuthenticationKey.parse(newKeyText)
            guard try arguments.option("--from-page") == nil, !arguments.flag("--read-protect") else {
                throw UsageError(
                    "--new-auth-key changes the key and keeps the protection: set the protection in a second run.",
                    command: name)
            }
            guard confirmed else {
                throw ConfirmationRequired.changeKey
            }
            return try await ProtectionRunner.run(
                .protect(.newKey(newKey)), current: current, verb: "Changed the key of", &arguments, io: io)
        }
        guard current.key != nil else { throw UsageError("--auth-key HEX32 is missing.", command: name) }
        if confirmed {
            throw UsageError("--yes-change-key confirms --new-auth-key HEX32, which is missing.", command: name)
        }
        let firstPage = try firstProtectedPage(&arguments)
        let request = TagProtectionRequest.key(firstPage: firstPage, protectsReads: arguments.flag("--read-protect"))
        return try await ProtectionRunner.run(
            .protect(request), current: current, verb: "Protected", &arguments, io: io)
    }

    /// `--from-page`: AUTH0 is one byte and no chip lets pages 0–2 be guarded, so anything outside
    /// 3–255 is refused as usage before a tag is opened (or the default one created); the chip's
    /// own last page is checked once the tag is read.
    static func firstProtectedPage(_ arguments: inout Arguments) throws -> Int {
        guard let page = try arguments.integer("--from-page") else { return ProtectionRequest.defaultFirstPage }
        guard (3...255).contains(page) else {
            throw UsageError(
                "--from-page is AUTH0, the first protected page: 3 up to the chip's last page (never above 255), not \(page).",
                command: name)
        }
        return page
    }
}
