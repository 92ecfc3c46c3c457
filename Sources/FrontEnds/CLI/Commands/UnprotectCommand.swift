import CommandLineKit
import TagWorkflows

/// `tapcard unprotect --password HEX8`: removes the password protection.
struct UnprotectCommand: Command {
    static let name = "unprotect"
    static let summary = "Remove the password protection of an NTAG21x / Ultralight EV1."
    static let options: [OptionSpec] = PasswordOptions.passwordOptions + ProtectionRunner.options
    static let help = """
        Usage: tapcard unprotect --password HEX8 [--pack HEX4] [--tag FILE | --reader R] [--json]

        Presents the tag's password, then turns AUTH0 off first (no page needs a password from
        that write on), clears PROT and AUTHLIM, and puts PWD and PACK back to their factory
        values (FF FF FF FF, 00 00). A tear leaves the tag unprotected or still protected with
        the password given. Afterwards CFG0/CFG1 are read back.

        Options:
          --password HEX8  The tag's current password.
          --pack HEX4      The PACK it must answer.
        \(TagTarget.helpLines)
        \(ProtectionRunner.tearHelpLines)

        Example:
          tapcard unprotect --password 1a2b3c4d --tag card.nfc

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let current = try PasswordOptions.parse(&arguments, takesKey: false)
        return try await ProtectionRunner.run(.unprotect, current: current, verb: "Unprotected", &arguments, io: io)
    }
}
