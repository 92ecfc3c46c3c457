import TestSupport
import Testing

@testable import NDEF

/// Wi-Fi Simple Configuration tokens (`application/vnd.wfa.wsc`, WSC v2.0 §10.1 and §12).
@Suite("Wi-Fi Simple Configuration record")
struct WiFiRecordTests {
    /// A hand-annotated token for network "HomeNet", WPA2-Personal, AES, key "secret123".
    private let payload = bytes(
        """
        10 0E 00 33
           10 03 00 02 00 20
           10 0F 00 02 00 08
           10 20 00 06 FF FF FF FF FF FF
           10 26 00 01 01
           10 27 00 09 73 65 63 72 65 74 31 32 33
           10 45 00 07 48 6F 6D 65 4E 65 74
        10 49 00 06 00 37 2A 00 01 20
        10 4A 00 01 10
        """)
    // 100E Credential (51 bytes): 1003 Authentication Type 0x0020 WPA2-Personal; 100F Encryption
    // Type 0x0008 AES; 1020 MAC Address (any); 1026 Network Index 1; 1027 Network Key;
    // 1045 SSID. 1049 Vendor Extension, WFA (00 37 2A), sub-element 00 Version2 = 0x20.
    // 104A Version = 0x10.

    @Test("The builder writes the annotated token, attributes sorted by type")
    func builder() {
        let record = NDEFRecord.wifi(ssid: "HomeNet", networkKey: "secret123")
        #expect(record.tnf == .media)
        #expect(record.type == Array("application/vnd.wfa.wsc".utf8))
        #expect(record.payload == payload)
    }

    @Test("Decoding reads SSID, key, authentication, encryption, MAC, versions")
    func decode() throws {
        let wifi = try WiFiRecord.decode(payload: payload[...])
        #expect(wifi.version1 == 0x10)
        #expect(wifi.version2 == 0x20)
        let credential = try #require(wifi.credentials.first)
        #expect(credential.ssidText == "HomeNet")
        #expect(credential.networkKeyText == "secret123")
        #expect(credential.authentication == .wpa2Personal)
        #expect(credential.encryption == .aes)
        #expect(credential.authentication.name == "WPA2-Personal")
        #expect(WiFiAuthentication([.wpaPersonal, .wpa2Personal]).name == "WPA-Personal/WPA2-Personal")
        #expect(WiFiEncryption(rawValue: 0x0108).name == "AES/0x0100")
        #expect(MIMERecord(type: "Application/VND.WFA.WSC", payload: payload).wifi == wifi)
        #expect(MIMERecord(type: "text/plain", payload: payload).wifi == nil)
    }

    @Test("A token written by ndeflib 0.3.3 (with RF Bands, without Version) decodes and keeps RF Bands")
    func ndeflibToken() throws {
        // ndeflib: Credential(...), rf-bands ('2.4GHz', '5.0GHz') = 103C 0001 03, WFA vendor extension.
        let record = try NDEFMessage.decode(
            bytes(
                "d217466170706c69636174696f6e2f766e642e7766612e777363100e0033100300020020100f0002000810200006ffffffffffff10260001011027000973656372657431323310450007486f6d654e6574103c0001031049000600372a000120"
            )
        ).records[0]
        guard case .mime(let mime) = record.view, let wifi = mime.wifi else {
            Issue.record("not a Wi-Fi token")
            return
        }
        #expect(wifi.credentials.first?.ssidText == "HomeNet")
        #expect(wifi.otherAttributes == [WiFiAttribute(type: 0x103C, value: [0x03])])
        #expect(wifi.version1 == nil)
        // Re-encoding gives the same bytes: nothing was lost.
        #expect(wifi.payload == record.payload)
    }

    @Test("Truncated attributes are errors naming the offset; the record view stays MIME")
    func errors() {
        #expect(throws: NDEFError.payloadTooShort(kind: "Wi-Fi attribute", offset: 0, needed: 8, available: 5)) {
            try WiFiRecord.decode(payload: bytes("10 45 00 04 41")[...])
        }
        #expect(throws: NDEFError.payloadTooShort(kind: "Wi-Fi attribute header", offset: 0, needed: 4, available: 2)) {
            try WiFiRecord.decode(payload: bytes("10 45")[...])
        }
        // An Authentication Type of 1 byte inside a credential at payload offset 4.
        #expect(throws: NDEFError.payloadTooShort(kind: "Wi-Fi attribute 0x1003", offset: 4, needed: 2, available: 1)) {
            try WiFiRecord.decode(payload: bytes("10 0E 00 05 10 03 00 01 20")[...])
        }
        let broken = NDEFRecord(tnf: .media, type: "application/vnd.wfa.wsc", payload: [0x10])
        #expect(broken.view.kind == "mime")
    }

    @Test("Round trip on seeded random credentials")
    func roundTrip() throws {
        var random = SplitMix64(seed: 0x3171_0001)
        for _ in 0..<2_000 {
            let credentials = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                WiFiCredential(
                    ssid: random.bytes(Int.random(in: 0...32, using: &random)),
                    networkKey: random.bytes(Int.random(in: 0...64, using: &random)),
                    authentication: WiFiAuthentication(rawValue: UInt16.random(in: 0...0x3F, using: &random)),
                    encryption: WiFiEncryption(rawValue: UInt16.random(in: 0...0x0F, using: &random)),
                    macAddress: random.bytes(6), networkIndex: UInt8.random(in: 0...255, using: &random))
            }
            let wifi = WiFiRecord(credentials: credentials)
            #expect(try WiFiRecord.decode(payload: wifi.payload[...]) == wifi)
        }
    }
}
