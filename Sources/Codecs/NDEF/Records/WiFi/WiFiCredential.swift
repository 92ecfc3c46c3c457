/// One network in a Wi-Fi Simple Configuration token: the Credential attribute (0x100E) and the
/// attributes nested in it (WSC v2.0 §12, "Credential").
public struct WiFiCredential: Sendable, Hashable {
    /// SSID (0x1045), up to 32 octets; usually UTF-8 text.
    public var ssid: [UInt8]
    /// Network Key (0x1027): the passphrase or key, up to 64 octets.
    public var networkKey: [UInt8]
    /// Authentication Type (0x1003).
    public var authentication: WiFiAuthentication
    /// Encryption Type (0x100F).
    public var encryption: WiFiEncryption
    /// MAC Address (0x1020); `FF FF FF FF FF FF` (any) by default.
    public var macAddress: [UInt8]
    /// Network Index (0x1026), deprecated; 1 by default.
    public var networkIndex: UInt8
    /// Other attributes nested in the credential, kept as read (type, value).
    public var otherAttributes: [WiFiAttribute]

    public init(
        ssid: [UInt8], networkKey: [UInt8] = [], authentication: WiFiAuthentication = .wpa2Personal,
        encryption: WiFiEncryption = .aes, macAddress: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        networkIndex: UInt8 = 1, otherAttributes: [WiFiAttribute] = []
    ) {
        self.ssid = ssid
        self.networkKey = networkKey
        self.authentication = authentication
        self.encryption = encryption
        self.macAddress = macAddress
        self.networkIndex = networkIndex
        self.otherAttributes = otherAttributes
    }

    /// The SSID as text when it is valid UTF-8.
    public var ssidText: String? {
        guard case .success(let text) = UnicodeText.utf8(ssid[...]) else { return nil }
        return text
    }

    /// The network key as text when it is valid UTF-8.
    public var networkKeyText: String? {
        guard case .success(let text) = UnicodeText.utf8(networkKey[...]) else { return nil }
        return text
    }

    /// Checks what a phone needs to join the network before it is encoded: an SSID of 1 to 32
    /// bytes (WSC 2.0 §12 "SSID"; IEEE 802.11-2016 §9.4.2.2), and a key the authentication can
    /// take — WPA/WPA2-Personal: a passphrase of 8 to 63 printable ASCII characters or a 64-hex-digit
    /// PSK (IEEE 802.11-2016 annex J.4.1); WEP: 5 or 13 ASCII characters or 10 or 26 hex digits;
    /// Open without WEP: no key; anything else at most 64 bytes (WSC 2.0 §12 "Network Key").
    public func validate() throws(RecordValueError) {
        guard (1...32).contains(ssid.count) else { throw .ssidLength(bytes: ssid.count) }
        let name = authentication.name
        let key = String(decoding: networkKey, as: UTF8.self)
        let characters = key.unicodeScalars.count
        let isHex =
            !networkKey.isEmpty
            && networkKey.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0)
            }
        func printableASCII() throws(RecordValueError) {
            for (index, scalar) in key.unicodeScalars.enumerated() where scalar.value < 0x20 || scalar.value > 0x7E {
                throw .networkKeyCharacter(authentication: name, scalar: scalar.value, position: index + 1)
            }
        }
        if encryption.contains(.wep) {
            guard [5, 13].contains(characters) || (isHex && [10, 26].contains(characters)) else {
                throw .networkKeyLength(
                    authentication: name + " with WEP", characters: characters,
                    allowed: "5 or 13 ASCII characters, or 10 or 26 hex digits (IEEE 802.11-2016 §12.3.2)")
            }
            if !isHex { try printableASCII() }
        } else if authentication == .open {
            guard networkKey.isEmpty else { throw .networkKeyNotAllowed(authentication: name) }
        } else if !authentication.intersection([.wpaPersonal, .wpa2Personal]).isEmpty
            && authentication.subtracting([.wpaPersonal, .wpa2Personal]).isEmpty
        {
            guard (8...63).contains(characters) || (isHex && characters == 64) else {
                throw .networkKeyLength(
                    authentication: name, characters: characters,
                    allowed:
                        "a passphrase of 8 to 63 printable ASCII characters, or 64 hex digits (IEEE 802.11-2016 annex J.4.1)"
                )
            }
            if characters != 64 { try printableASCII() }
        } else if networkKey.count > 64 {
            throw .networkKeyLength(
                authentication: name, characters: characters,
                allowed: "at most 64 bytes (Wi-Fi Simple Configuration 2.0 §12, Network Key)")
        }
    }

    /// The credential's nested attributes, sorted by attribute type (the order ndeflib writes).
    var attributes: [WiFiAttribute] {
        var list = [
            WiFiAttribute(
                type: 0x1003, value: [UInt8(authentication.rawValue >> 8), UInt8(authentication.rawValue & 0xFF)]),
            WiFiAttribute(type: 0x100F, value: [UInt8(encryption.rawValue >> 8), UInt8(encryption.rawValue & 0xFF)]),
            WiFiAttribute(type: 0x1020, value: macAddress),
            WiFiAttribute(type: 0x1026, value: [networkIndex]),
            WiFiAttribute(type: 0x1027, value: networkKey),
            WiFiAttribute(type: 0x1045, value: ssid),
        ]
        list += otherAttributes
        return list.sorted { $0.type < $1.type }
    }

    /// Reads the value of a Credential attribute; offsets in errors are relative to `value`.
    static func decode(_ value: ArraySlice<UInt8>) throws(NDEFError) -> WiFiCredential {
        var credential = WiFiCredential(ssid: [])
        var sawAuthentication = false
        var sawEncryption = false
        for (attribute, offset) in try WiFiAttribute.list(value) {
            let bytes = attribute.value
            switch attribute.type {
            case 0x1045: credential.ssid = bytes
            case 0x1027: credential.networkKey = bytes
            case 0x1003 where bytes.count == 2 && !sawAuthentication:
                credential.authentication = WiFiAuthentication(rawValue: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
                sawAuthentication = true
            case 0x100F where bytes.count == 2 && !sawEncryption:
                credential.encryption = WiFiEncryption(rawValue: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
                sawEncryption = true
            case 0x1020 where bytes.count == 6: credential.macAddress = bytes
            case 0x1026 where bytes.count == 1: credential.networkIndex = bytes[0]
            case 0x1003, 0x100F, 0x1020, 0x1026:
                throw .payloadTooShort(
                    kind: "Wi-Fi attribute 0x" + String(attribute.type, radix: 16, uppercase: true), offset: offset,
                    needed: attribute.type == 0x1020 ? 6 : attribute.type == 0x1026 ? 1 : 2, available: bytes.count)
            default: credential.otherAttributes.append(attribute)
            }
        }
        return credential
    }
}
