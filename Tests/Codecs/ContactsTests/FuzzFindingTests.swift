import Contacts
import Testing

/// Inputs the fuzz targets found, kept as tests.
@Suite struct FuzzFindingTests {
    /// `vcard` (CI, seed 1): `TEL:tel:tel:60 123456` read as "tel:60 123456", which the encoder
    /// wrote back and the next read stripped to "60 123456": read → encode → read changed the
    /// profile. Every `tel:` prefix is the URI form, however often it is repeated.
    @Test func aRepeatedTelPrefixReadsTheSameAfterAnEncode() throws {
        for value in ["tel:tel:60 123456", "TEL:tel:60 123456", "tel:60 123456", "60 123456", "tel:Tel:tel:60 123456"] {
            let card =
                "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nTEL;TYPE=WORK:\(value)\r\nEND:VCARD\r\n"
            let profile = try VCardReader.read(Array(card.utf8)).profile
            #expect(profile.phones.map(\.number) == ["60 123456"], "\(value)")
            let again = try VCardReader.read(VCardEncoder.encode(profile)).profile
            #expect(again.phones == profile.phones, "\(value)")
        }
    }
}
