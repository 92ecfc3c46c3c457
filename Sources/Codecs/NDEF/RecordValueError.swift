import TapCardSupport

/// A value that a record type's rules refuse, found before anything is encoded or written: a URI
/// with a line break, a media type without a `/`, a 33-byte SSID, a phone number with letters.
///
/// Each case names the field, carries the figures (the offending character and its 1-based
/// position in Unicode scalars, a length, a range) and ``sentence`` states the rule and where it
/// comes from. The value itself is quoted only when it holds nothing a terminal would act on.
public enum RecordValueError: TapCardError, Hashable {
    // MARK: URIs (RFC 3986, RFC 3987)

    /// An empty URI: there is nothing for a reader to open.
    case emptyURI(field: String)
    /// A URI that does not start with `scheme:` (RFC 3986 §3.1).
    case uriWithoutScheme(field: String, uri: String)
    /// A control character (C0, DEL, C1), a space or a bidirectional formatting character in a
    /// URI or an ID (RFC 3986 §2, RFC 3987 §4.1).
    case uriCharacter(field: String, scalar: UInt32, position: Int)

    // MARK: Record types (NDEF 1.0 §3.2.6, RTD 1.0, RFC 2045)

    /// A TYPE field character outside printable US-ASCII (RTD 1.0 §2.1).
    case typeCharacter(type: String, scalar: UInt32, position: Int)
    /// An external type without the `:` of `domain:type` (RTD 1.0 §2.4).
    case externalTypeWithoutColon(type: String)
    /// An empty media type.
    case emptyMediaType
    /// A media type without the `/` of `type/subtype` (RFC 2045 §5.1).
    case mediaTypeWithoutSlash(type: String)
    /// A media type whose type or subtype (`part`) is empty.
    case mediaTypeEmptyPart(type: String, part: String)
    /// A media type character that an RFC 2045 token cannot hold.
    case mediaTypeCharacter(type: String, scalar: UInt32, position: Int)
    /// A media type parameter that is not `attribute=value` (RFC 2045 §5.1).
    case mediaTypeParameter(type: String, parameter: String)
    /// An ID on an empty record (TNF 0 has no type, ID or payload, NDEF 1.0 §3.2.6).
    case idOnEmptyRecord
    /// Two smart poster titles in one language (Smart Poster RTD 1.0 §3.3.2).
    case duplicateTitleLanguage(language: String)

    // MARK: Wi-Fi Simple Configuration v2.0

    /// An SSID of `bytes` bytes; WSC and IEEE 802.11 allow 1 to 32.
    case ssidLength(bytes: Int)
    /// A key on a network whose authentication takes none.
    case networkKeyNotAllowed(authentication: String)
    /// A key whose length the authentication cannot take; `allowed` says what it can.
    case networkKeyLength(authentication: String, characters: Int, allowed: String)
    /// A passphrase character outside printable US-ASCII (IEEE 802.11-2016 annex J.4.1).
    case networkKeyCharacter(authentication: String, scalar: UInt32, position: Int)

    // MARK: tel: (RFC 3966) and sms: (RFC 5724)

    /// No number at all.
    case emptyTelephoneNumber
    /// A character a telephone number cannot hold, at `position` in `number`.
    case telephoneNumberCharacter(number: String, scalar: UInt32, position: Int)
    /// A number with separators or a `+` but not one digit.
    case telephoneNumberWithoutDigits(number: String)
    /// A `;name=value` part that is not an RFC 3966 parameter.
    case telephoneParameter(number: String, parameter: String)

    // MARK: mailto: (RFC 6068)

    /// No address at all.
    case emptyEmailAddress
    /// An address with `count` `@` signs instead of one.
    case emailAddressAtSigns(address: String, count: Int)
    /// An address whose local part or domain (`part`) is empty.
    case emailAddressEmptyPart(address: String, part: String)
    /// A space or control character in an address.
    case emailAddressCharacter(address: String, scalar: UInt32, position: Int)

    // MARK: geo: (RFC 5870)

    /// A coordinate that is not `[-]digits[.digits]`; `axis` is `latitude` or `longitude`.
    case coordinateSyntax(axis: String, text: String)
    /// A coordinate outside `-limit…limit` (90 for latitude, 180 for longitude).
    case coordinateRange(axis: String, text: String, limit: Int)

    // MARK: Bluetooth OOB (Bluetooth Core v5.3, NFC Forum Bluetooth Secure Simple Pairing)

    /// Not six hex bytes separated by `:` or `-`.
    case bluetoothAddress(text: String)
    /// Not six hex digits.
    case bluetoothClass(text: String)
    /// An EIR data structure over 254 data bytes (its length byte counts the type byte too).
    case eirDataTooLong(type: UInt8, bytes: Int)
    /// OOB data over the 65 535 bytes its 2-byte length can say.
    case oobDataTooLong(bytes: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .emptyURI(let field):
            return "The \(field) is empty; a URI names what to open, e.g. https://example.com (RFC 3986 §3)."
        case .uriWithoutScheme(let field, let uri):
            return
                "The \(field) \(Self.quote(uri)) has no scheme; a URI starts with one, e.g. https://example.com or tel:+15551234567 (RFC 3986 §3.1)."
        case .uriCharacter(let field, let scalar, let position):
            return
                "The \(field) has \(Self.describe(scalar)) at character \(position); a URI holds no control characters, spaces or bidirectional formatting characters (RFC 3986 §2, RFC 3987 §4.1); percent-encode it (\(Self.percentEncoded(scalar)))."
        case .typeCharacter(let type, let scalar, let position):
            return
                "The record type \(Self.quote(type)) has \(Self.describe(scalar)) at character \(position); a record type is printable US-ASCII (NFC Forum RTD 1.0 §2.1)."
        case .externalTypeWithoutColon(let type):
            return
                "The external type \(Self.quote(type)) has no ':'; an external type is written DOMAIN:TYPE, e.g. example.com:thing (NFC Forum RTD 1.0 §2.4)."
        case .emptyMediaType:
            return
                "The media type is empty; a MIME record's type is type/subtype, e.g. text/plain (NDEF 1.0 §3.2.6, RFC 2045 §5.1)."
        case .mediaTypeWithoutSlash(let type):
            return
                "The media type \(Self.quote(type)) has no '/'; a media type is type/subtype, e.g. text/vcard (RFC 2045 §5.1)."
        case .mediaTypeEmptyPart(let type, let part):
            return
                "The media type \(Self.quote(type)) has an empty \(part); a media type is type/subtype, e.g. text/vcard (RFC 2045 §5.1)."
        case .mediaTypeCharacter(let type, let scalar, let position):
            return
                "The media type \(Self.quote(type)) has \(Self.describe(scalar)) at character \(position); its type and subtype are RFC 2045 tokens: US-ASCII without spaces, control characters or any of ()<>@,;:\\\"/[]?= (RFC 2045 §5.1)."
        case .mediaTypeParameter(let type, let parameter):
            return
                "The media type \(Self.quote(type)) has the parameter \(Self.quote(parameter)); a parameter is attribute=value, both tokens or the value a quoted string (RFC 2045 §5.1)."
        case .idOnEmptyRecord:
            return
                "An empty record (TNF 0) cannot have an ID; its TYPE, ID and PAYLOAD are all empty (NDEF 1.0 §3.2.6)."
        case .duplicateTitleLanguage(let language):
            return
                "A smart poster has at most one title per language; \(Self.quote(language)) is given twice (NFC Forum Smart Poster RTD 1.0 §3.3.2)."
        case .ssidLength(let bytes):
            return
                "The SSID has \(bytes) byte\(bytes == 1 ? "" : "s") of UTF-8; a Wi-Fi SSID has 1 to 32 (Wi-Fi Simple Configuration 2.0 §12, SSID; IEEE 802.11-2016 §9.4.2.2)."
        case .networkKeyNotAllowed(let authentication):
            return
                "An \(authentication) network takes no network key; give the authentication the key is for (e.g. WPA2-Personal) or no key."
        case .networkKeyLength(let authentication, let characters, let allowed):
            return
                "The \(authentication) network key has \(characters) character\(characters == 1 ? "" : "s"); it takes \(allowed)."
        case .networkKeyCharacter(let authentication, let scalar, let position):
            return
                "The \(authentication) network key has \(Self.describe(scalar)) at character \(position); a passphrase is printable US-ASCII, space to '~' (IEEE 802.11-2016 annex J.4.1)."
        case .emptyTelephoneNumber:
            return "The telephone number is empty; give one such as +15551234567 (RFC 3966 §3)."
        case .telephoneNumberCharacter(let number, let scalar, let position):
            let hint = scalar == 0x20 ? "; write separators as '-' or '.', not spaces" : ""
            return
                "The telephone number \(Self.quote(number)) has \(Self.describe(scalar)) at character \(position); RFC 3966 §3 numbers are digits with the visual separators - . ( ), a global one starting with '+', a local one possibly holding * and #\(hint)."
        case .telephoneNumberWithoutDigits(let number):
            return "The telephone number \(Self.quote(number)) has no digit (RFC 3966 §3)."
        case .telephoneParameter(let number, let parameter):
            return
                "The telephone number \(Self.quote(number)) has the parameter \(Self.quote(parameter)); RFC 3966 §3 parameters are ;name or ;name=value, the name of letters, digits and '-'."
        case .emptyEmailAddress:
            return "The email address is empty; give one such as ada@example.com (RFC 6068 §2)."
        case .emailAddressAtSigns(let address, let count):
            return
                "The email address \(Self.quote(address)) has \(count) '@' sign\(count == 1 ? "" : "s"); an address is local-part@domain, with exactly one (RFC 5322 §3.4.1)."
        case .emailAddressEmptyPart(let address, let part):
            return
                "The email address \(Self.quote(address)) has an empty \(part); an address is local-part@domain, e.g. ada@example.com (RFC 5322 §3.4.1)."
        case .emailAddressCharacter(let address, let scalar, let position):
            return
                "The email address \(Self.quote(address)) has \(Self.describe(scalar)) at character \(position); an address holds no spaces or control characters (RFC 5322 §3.4.1)."
        case .coordinateSyntax(let axis, let text):
            return
                "The \(axis) \(Self.quote(text)) is not a decimal number; RFC 5870 §3.3 coordinates are written [-]digits[.digits] in degrees, e.g. -33.8568."
        case .coordinateRange(let axis, let text, let limit):
            return
                "The \(axis) \(text) is out of range; it lies between -\(limit) and \(limit) degrees (RFC 5870 §3.4.2, WGS-84)."
        case .bluetoothAddress(let text):
            return
                "\(Self.quote(text)) is not a Bluetooth device address; write six hex bytes separated by ':' or '-', e.g. 00:1A:7D:DA:71:13 (Bluetooth Core v5.3 Vol 2 Part B §1.2)."
        case .bluetoothClass(let text):
            return
                "\(Self.quote(text)) is not a Bluetooth class of device; write 6 hex digits (3 bytes), e.g. 240404 for an audio headset (Bluetooth Assigned Numbers, Class of Device)."
        case .eirDataTooLong(let type, let bytes):
            return
                "The Bluetooth EIR data of type 0x\(Self.hex(type)) has \(bytes) bytes; one EIR data structure holds at most 254 (its length byte counts the type byte too, Bluetooth Core v5.3 Vol 3 Part C §8)."
        case .oobDataTooLong(let bytes):
            return
                "The Bluetooth OOB data would be \(bytes) bytes; its 2-byte length field says at most 65535 (Bluetooth Core v5.3 Vol 3 Part C §5.2.2.7)."
        }
    }

    /// `'value'`, or the value with control and bidi characters written as `\u{…}` so a message
    /// never carries them to a terminal.
    static func quote(_ value: String) -> String {
        var out = "'"
        for scalar in value.unicodeScalars {
            if isUnsafe(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// The one definition (`UnsafeText` (TapCardSupport)): controls, line and paragraph
    /// separators, every Bidi_Control character (RFC 3987 §4.1 bans them from IRIs) and every
    /// Default_Ignorable_Code_Point (invisible: a link holding one looks like another).
    static func isUnsafe(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return true }
        return UnsafeText.isUnsafeToShow(scalar)
    }

    /// "a line feed (U+000A)", "a space", "'é'".
    static func describe(_ value: UInt32) -> String {
        let code =
            "U+" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count))
            + String(value, radix: 16, uppercase: true)
        switch value {
        case 0x0A: return "a line feed (\(code))"
        case 0x0D: return "a carriage return (\(code))"
        case 0x09: return "a tab (\(code))"
        case 0x20: return "a space"
        case 0x00..<0x20, 0x7F...0x9F: return "a control character (\(code))"
        default:
            guard let scalar = Unicode.Scalar(value) else { return code }
            if scalar.properties.isBidiControl { return "a bidirectional formatting character (\(code))" }
            if scalar.properties.isDefaultIgnorableCodePoint { return "an invisible character (\(code))" }
            return "'\(Character(scalar))' (\(code))"
        }
    }

    /// The scalar's UTF-8 bytes as `%XX`.
    static func percentEncoded(_ value: UInt32) -> String {
        guard let scalar = Unicode.Scalar(value) else { return "" }
        return String(Character(scalar)).utf8.map { "%" + hex($0) }.joined()
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
