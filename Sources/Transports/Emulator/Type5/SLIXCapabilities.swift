/// The `Capabilities` line of a Flipper Zero SLIX file (`lib/nfc/protocols/slix/slix.c`,
/// `slix_load_capabilities`): how the Flipper emulates the tag, not a fact of the chip. `Default`
/// checks passwords as the chip does; with `AcceptAllPasswords` the Flipper's listener takes any
/// password a reader sends as the right one (`slix_listener_i.c`: "With AcceptAllPassword
/// capability set skip password validation"). The firmware's `slix.c` names it `AcceptAllPasswords`;
/// its own unit-test file `Slix_cap_accept_all_pass.nfc` spells it `Accept all passwords`. Both are
/// read, and the spelling read is written back. A file without the line is `Default` to the
/// firmware; any other value makes the firmware refuse the file, and TapCard too.
///
/// TapCard's ICODE SLIX2 does not model password commands (``SLIXSettings``), so the capability is
/// kept in the file and said, not emulated.
public struct SLIXCapabilities: Sendable, Equatable {
    /// True for `AcceptAllPasswords`.
    public var acceptsAllPasswords: Bool
    /// The value as the file spelled it, written back as it was.
    public var spelling: String

    /// What the firmware takes when a file has no `Capabilities` line.
    public static let `default` = SLIXCapabilities(acceptsAllPasswords: false, spelling: "Default")

    /// The values the firmware (and its unit-test files) write.
    public static let spellings = ["Default", "AcceptAllPasswords", "Accept all passwords"]

    public init(acceptsAllPasswords: Bool, spelling: String) {
        self.acceptsAllPasswords = acceptsAllPasswords
        self.spelling = spelling
    }

    public init?(fileValue: String) {
        guard Self.spellings.contains(fileValue) else { return nil }
        acceptsAllPasswords = fileValue != "Default"
        spelling = fileValue
    }
}
