import CommandLineKit
import TagWorkflows

/// `tapcard unprotect --password HEX8` (or `--auth-key HEX32`): removes the password or key protection.
struct UnprotectCommand: Command {
    static let name = "unprotect"
    static let summary =
        "Remove the password protection of an NTAG21x / Ultralight EV1, or a tag's key protection."
    static let options: [OptionSpec] = PasswordOptions.options + ProtectionRunner.options
    static let help = """
        Usage: tapcard unprotect --password HEX8 [--pack HEX4] [--tag FILE | --reader R] [--json]
               tapcard unprotect --auth-key HEX32 [--tag FILE | --reader R] [--json]

        Presents the tag's password, then turns AUTH0 off first (no page needs a password from
        that write on), clears PROT and AUTHLIM, and puts PWD and PACK back to their factory
        values (FF FF FF FF, 00 00). A tear leaves the tag unprotected or still protected with
        the password given. Afterwards CFG0/CFG1 are read back.

        A tag whose pages a 16-byte key guards (Ultralight C, Ultralight AES): authenticates with
        the key (--auth-key), then sets AUTH0 past the last page (no page guarded) and reads the
        configuration back. The key stays as it is.

        Options:
          --password HEX8  The tag's current password.
          --pack HEX4      The PACK it must answer.
          --auth-key HEX32 The 16-byte key the tag's AUTHENTICATE takes (an Ultralight C's 3DES key,
                           factory 49454d4b41455242214e4143554f5946; an Ultralight AES's
                           DataProtKey, factory all zeros); never printed.
        \(TagTarget.helpLines)
        \(ProtectionRunner.tearHelpLines)

        Example:
          tapcard unprotect --password 1a2b3c4d --tag card.nfc
          tapcard unprotect --auth-key 49454d4b41455242214e4143554f5946 --tag ulc.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let current = try PasswordOptions.parse(&arguments)
        return try await ProtectionRunner.run(.unprotect, current: current, verb: "Unprotected", &arguments, io: io)
    }
}
