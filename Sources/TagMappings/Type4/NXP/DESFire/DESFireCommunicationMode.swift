/// How a DESFire file's data travels (the CreateStdDataFile communication settings byte; EV1
/// datasheet "communication settings"): plain, plain with a MAC, or enciphered.
public enum DESFireCommunicationMode: UInt8, Sendable, CaseIterable {
    /// `00`: plain. The NDEF mapping's CC and NDEF files use it (AN11004), so a phone reads them
    /// with ISO READ BINARY and no key.
    case plain = 0x00
    /// `01`: plain data with a MAC.
    case mac = 0x01
    /// `03`: enciphered.
    case full = 0x03
}
