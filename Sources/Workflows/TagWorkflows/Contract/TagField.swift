import TapCardSupport
import Type2

/// One line of what a tag is, as a label and its value ("Chip", "NTAG 424 DNA (by GetVersion …)"):
/// the neutral shape in which each tag type hands its inspection to a screen, so a front end lists
/// them without knowing the type.
public struct TagField: Sendable, Equatable {
    /// What the line is about ("UID", "CC file", "File 2"); unique within one tag's fields.
    public var label: String
    /// What was found, in words and figures.
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    /// "04:A1:B2:C3:D4:E5:80", or "Not available" when the tag gave no UID.
    public static func uidText(_ uid: [UInt8]) -> String {
        uid.isEmpty ? "Not available" : Hex.encode(uid, uppercase: true, separator: ":")
    }

    /// The maker an ISO/IEC 14443-A UID names in its byte 0 ("NXP Semiconductors (UID byte 0 =
    /// 0x04)"), or that there is no UID to ask.
    public static func iso14443Manufacturer(uid: [UInt8]) -> String {
        guard let first = uid.first else { return "Unknown (no UID)" }
        return Manufacturer(code: first).displayName + " (UID byte 0 = 0x\(Hex.encode([first], uppercase: true)))"
    }
}
