/// A Wi-Fi Simple Configuration token: a MIME record of type `application/vnd.wfa.wsc` whose
/// payload is a list of WSC attributes (Wi-Fi Simple Configuration Technical Specification v2.0,
/// §10.1 "NFC Configuration Token"). Android joins the network it describes when it reads the tag.
///
/// The view of such a record stays ``RecordView/mime(_:)``; ``MIMERecord/wifi`` reads it.
public struct WiFiRecord: Sendable, Hashable {
    /// The media type, `application/vnd.wfa.wsc`.
    public static let mediaType = "application/vnd.wfa.wsc"

    public var credentials: [WiFiCredential]
    /// Version (0x104A), deprecated but written as 0x10 for older readers.
    public var version1: UInt8?
    /// Version2 from the Wi-Fi Alliance vendor extension (0x1049, vendor 00 37 2A, sub-element 0).
    public var version2: UInt8?
    /// Other top-level attributes, kept as read.
    public var otherAttributes: [WiFiAttribute]

    public init(
        credentials: [WiFiCredential], version1: UInt8? = 0x10, version2: UInt8? = 0x20,
        otherAttributes: [WiFiAttribute] = []
    ) {
        self.credentials = credentials
        self.version1 = version1
        self.version2 = version2
        self.otherAttributes = otherAttributes
    }

    private static let wfaVendor: [UInt8] = [0x00, 0x37, 0x2A]

    /// The payload: Credential(s), the WFA vendor extension with Version2, Version; sorted by
    /// attribute type.
    public var payload: [UInt8] {
        var attributes: [WiFiAttribute] = credentials.map { credential in
            var value: [UInt8] = []
            for attribute in credential.attributes { attribute.write(into: &value) }
            return WiFiAttribute(type: 0x100E, value: value)
        }
        if let version2 {
            attributes.append(WiFiAttribute(type: 0x1049, value: Self.wfaVendor + [0x00, 0x01, version2]))
        }
        if let version1 { attributes.append(WiFiAttribute(type: 0x104A, value: [version1])) }
        attributes += otherAttributes
        var out: [UInt8] = []
        for attribute in attributes.enumerated().sorted(by: {
            ($0.element.type, $0.offset) < ($1.element.type, $1.offset)
        }) {
            attribute.element.write(into: &out)
        }
        return out
    }

    /// The record (TNF 2, `application/vnd.wfa.wsc`).
    public var record: NDEFRecord { NDEFRecord(tnf: .media, type: Array(Self.mediaType.utf8), payload: payload) }

    /// Reads a WSC payload; offsets in errors are relative to the payload.
    public static func decode(payload: ArraySlice<UInt8>) throws(NDEFError) -> WiFiRecord {
        var record = WiFiRecord(credentials: [], version1: nil, version2: nil)
        for (attribute, offset) in try WiFiAttribute.list(payload) {
            switch attribute.type {
            case 0x100E:
                do {
                    record.credentials.append(try WiFiCredential.decode(attribute.value[...]))
                } catch {
                    throw error.shifted(by: offset + 4)
                }
            case 0x104A where attribute.value.count == 1 && record.version1 == nil:
                record.version1 = attribute.value[0]
            case 0x1049 where attribute.value.starts(with: wfaVendor) && record.version2 == nil:
                // Sub-elements: 1-byte ID, 1-byte length, value.
                var at = 3
                let value = attribute.value
                var version2: UInt8? = nil
                while at + 2 <= value.count, at + 2 + Int(value[at + 1]) <= value.count {
                    if value[at] == 0x00 && value[at + 1] == 1 { version2 = value[at + 2] }
                    at += 2 + Int(value[at + 1])
                }
                if let version2, value.count == 6 {
                    record.version2 = version2
                } else {
                    record.otherAttributes.append(attribute)
                }
            default:
                record.otherAttributes.append(attribute)
            }
        }
        return record
    }
}

extension MIMERecord {
    /// The Wi-Fi configuration in an `application/vnd.wfa.wsc` record, or `nil` for another type
    /// or a payload that is not a well-formed WSC attribute list.
    public var wifi: WiFiRecord? {
        guard RecordType(tnf: .media, type) == RecordType(tnf: .media, WiFiRecord.mediaType) else { return nil }
        return try? WiFiRecord.decode(payload: payload[...])
    }
}

extension NDEFRecord {
    /// A Wi-Fi Simple Configuration token for one network (WPA2-Personal with AES by default;
    /// pass `.open` and `.none` for an open network).
    public static func wifi(
        ssid: String, networkKey: String = "", authentication: WiFiAuthentication = .wpa2Personal,
        encryption: WiFiEncryption = .aes
    ) -> NDEFRecord {
        WiFiRecord(credentials: [
            WiFiCredential(
                ssid: Array(ssid.utf8), networkKey: Array(networkKey.utf8), authentication: authentication,
                encryption: encryption)
        ]).record
    }
}
