import CommandLineKit
import TagWorkflows

/// `tapcard unprotect --password HEX8` (or `--ulc-key HEX32`): removes the password or 3DES protection.
struct UnprotectCommand: Command {
    static let name = "unprotect"
    static let summary =
        "Remove the password protection of an NTAG21x / Ultralight EV1, or an Ultralight C's key protection."
    static let options: [OptionSpec] = PasswordOptions.options + ProtectionRunner.options
    static let help = """
        Usage: tapcard unprotect --password HEX8 [--pack HEX4] [--tag FILE | --reader R] [--json]
               tapcard unprotect --ulc-key HEX32 [--tag FILE | --reader R] [--json]

        Presents the tag's password, then turns AUTH0 off first (no page needs a password from
        that write on), clears PROT and AUTHLIM, and puts PWD and PACK back to their factory
        values (FF FF FF FF, 00 00). A tear leaves the tag unprotected or still protected with
        the password given. Afterwards CFG0/CFG1 are read back.

        A MIFARE Ultralight C: authenticates with its 3DES key (--ulc-key), then sets AUTH0 to
        30h (no page guarded) and reads AUTH0/AUTH1 back. The key stays as it is.

        Options:
          --password HEX8  The tag's current password.
          --pack HEX4      The PACK it must answer.
          --ulc-key HEX32  A MIFARE Ultralight C's 16-byte 3DES key (32 hex digits, Key1 then Key2;
                           factory 49454d4b41455242214e4143554f5946); never printed.
        \(TagTarget.helpLines)
        \(ProtectionRunner.tearHelpLines)

        Example:
          tapcard unprotect --password 1a2b3c4d --tag card.nfc
          tapcard unprotect --ulc-key 49454d4b41455242214e4143554f5946 --tag ulc.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let current = try PasswordOptions.parse(&arguments)
        return try await ProtectionRunner.run(.unprotect, current: current, verb: "Unprotected", &arguments, io: io)
    }
}
