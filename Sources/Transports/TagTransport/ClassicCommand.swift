import TagFrames

/// The names of the MIFARE Classic operations a ``ClassicChannel`` carries, as
/// ``/TagFrames/CommandLabel``s whose bytes are the air command and the block it addresses
/// (MF1S50 datasheet §9: AUTHENTICATE `60`/`61`, READ `30`, WRITE `A0`), so an error names the
/// block: "MIFARE Classic READ (30 04)". Loading a key touches only the reader: it is named by the
/// PC/SC Part 3 LOAD KEYS header `FF 82 00 slot`.
public enum ClassicCommand {
    /// AUTHENTICATE with `role` for `block`.
    public static func authenticate(block: Int, role: ClassicKeyRole) -> CommandLabel {
        label(role.opcode, block: block, name: "MIFARE Classic AUTHENTICATE with \(role.displayName)")
    }

    /// READ of one 16-byte block.
    public static func read(block: Int) -> CommandLabel {
        label(0x30, block: block, name: "MIFARE Classic READ")
    }

    /// WRITE of one 16-byte block.
    public static func write(block: Int) -> CommandLabel {
        label(0xA0, block: block, name: "MIFARE Classic WRITE")
    }

    /// LOAD KEYS into the reader's volatile key slot `slot`.
    public static func loadKey(slot: UInt8) -> CommandLabel {
        CommandLabel(technology: .nfcA, header: [0xFF, 0x82, 0x00, slot], name: "reader LOAD KEYS")
    }

    /// The block a label of this enum addresses (its second byte), `nil` for LOAD KEYS and others.
    public static func block(of label: CommandLabel) -> Int? {
        guard label.header.count == 2, [0x60, 0x61, 0x30, 0xA0].contains(label.header[0]) else { return nil }
        return Int(label.header[1])
    }

    /// True when `error` is the card refusing a key: `63 00` to an authentication.
    public static func isKeyRefusal(_ error: ChannelError) -> Bool {
        guard case .statusWord(0x63, 0x00, let command) = error else { return false }
        return command.header.count == 2 && (command.header[0] == 0x60 || command.header[0] == 0x61)
    }

    private static func label(_ opcode: UInt8, block: Int, name: String) -> CommandLabel {
        CommandLabel(technology: .nfcA, header: [opcode, UInt8(truncatingIfNeeded: block)], name: name)
    }
}
