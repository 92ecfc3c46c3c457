/// A control character in a profile's value: vCard 3.0 text (RFC 2426 §4, `SAFE-CHAR` and
/// friends exclude CTLs except horizontal tab) and MeCard cannot carry it, and written raw it
/// would reach whatever displays the card (a terminal's escape sequences, a phone's contact
/// screen). Line breaks (`\n`, `\r\n`) and tabs are allowed: encoders escape or keep them.
public struct ControlCharacter: Sendable, Equatable {
    /// Which value: "name" (display name or a structured name part) or a ``ContactField/key``.
    public var field: String
    /// The Unicode scalar value (C0, DEL or C1).
    public var codePoint: UInt32
    /// Its position in the value, counted in Unicode scalars from 0.
    public var offset: Int

    public init(field: String, codePoint: UInt32, offset: Int) {
        self.field = field
        self.codePoint = codePoint
        self.offset = offset
    }

    /// The first control character in `profile`'s values, in vCard output order, or nil.
    public static func first(in profile: ContactProfile) -> ControlCharacter? {
        let name = profile.name
        for value in [profile.displayName, name.family, name.given, name.additional, name.prefixes, name.suffixes] {
            if let found = first(in: value, field: "name") { return found }
        }
        for field in ContactField.present(in: profile) {
            let values = field == .address ? profile.address.components : [field.value(in: profile)]
            for value in values {
                if let found = first(in: value, field: field.key) { return found }
            }
        }
        return nil
    }

    static func first(in value: String, field: String) -> ControlCharacter? {
        for (offset, scalar) in value.unicodeScalars.enumerated() where isRefused(scalar) {
            return ControlCharacter(field: field, codePoint: scalar.value, offset: offset)
        }
        return nil
    }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
