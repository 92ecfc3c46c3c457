import SUN
import Testing
import Type4

/// The template calculator against the published layouts (reference §2.6, §2.8): E-A and E-B
/// (AN12196 §3.4.4 / §5.3), AN12196's personalization example V-SM-4 and the boltcard offsets.
@Suite struct SUNTemplateTests {
    private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0x30, count: count) }

    @Test func vectorEA() throws {
        let template = try SUNTemplate("https://ntag.nxp.com/424?e={picc}&c={mac}", metaKeyNumber: 0, fileKeyNumber: 0)
        #expect(template.uriIdentifierCode == 0x04)
        // E-A: 00 4B D1 01 47 55 04 + "ntag.nxp.com/424?e=" + 32×0 + "&c=" + 16×0.
        let expected =
            [0x00, 0x4B, 0xD1, 0x01, 0x47, 0x55, 0x04] + ascii("ntag.nxp.com/424?e=") + zeros(32)
            + ascii("&c=") + zeros(16)
        #expect(template.fileBytes == expected)
        #expect(template.fileOption == 0x40)
        #expect(template.sdm.options == 0xC1)
        #expect(template.sdm.piccDataOffset == 0x1A)
        #expect(template.sdm.macInputOffset == 0x3D)
        #expect(template.sdm.macOffset == 0x3D)
        #expect(template.sdm.uidOffset == nil && template.sdm.readCounterOffset == nil && template.sdm.encOffset == nil)
        // SDMOptions · SDMAR (F|CtrRet, Meta|File) · PICC · MACInput · MAC.
        #expect(template.sdm.bytes == [0xC1, 0xFF, 0x00, 0x1A, 0, 0, 0x3D, 0, 0, 0x3D, 0, 0])
    }

    /// The record holds `my424dna.com/…` after prefix 02, "https://www." (AN12196 p.18's URL).
    @Test func vectorEB() throws {
        let template = try SUNTemplate(
            "https://www.my424dna.com/?picc_data={picc}&enc={enc}&cmac={mac}", fileData: ascii("xxxxxxxxxxxxxxxx"),
            metaKeyNumber: 0, fileKeyNumber: 0, counterRetrieval: .free)
        #expect(template.uriIdentifierCode == 0x02)
        let expected =
            [0x00, 0x78, 0xD1, 0x01, 0x74, 0x55, 0x02] + ascii("my424dna.com/?picc_data=") + zeros(32)
            + ascii("&enc=xxxxxxxxxxxxxxxx") + zeros(16) + ascii("&cmac=") + zeros(16)
        #expect(template.fileBytes == expected)
        #expect(template.sdm.options == 0xD1)
        #expect(template.sdm.piccDataOffset == 0x1F)
        #expect(template.sdm.macInputOffset == 0x44)
        #expect(template.sdm.encOffset == 0x44)
        #expect(template.sdm.encLength == 0x20)
        #expect(template.sdm.macOffset == 0x6A)
        // The V-SM-1 GetFileSettings layout: SDMAR FE00.
        #expect(Array(template.sdm.bytes[1...2]) == [0xFE, 0x00])
    }

    @Test func vectorVSM4() throws {
        let template = try SUNTemplate("https://choose.url.com/ntag424?e={picc}&c={mac}")
        #expect(template.sdm.piccDataOffset == 0x20)
        #expect(template.sdm.macInputOffset == 0x43)
        #expect(template.sdm.macOffset == 0x43)
        // The default key numbers are AN12196's F121 (meta 2, file 1); the counter is not retrievable.
        #expect(Array(template.sdm.bytes[1...2]) == [0xFF, 0x21])
    }

    @Test func boltcard() throws {
        let template = try SUNTemplate("lnurlw://card.yourdomain.com/ln?p={picc}&c={mac}")
        #expect(template.uriIdentifierCode == 0x00)
        #expect(template.sdm.piccDataOffset == 41)
        #expect(template.sdm.macOffset == 76)
    }

    @Test func plainStyle() throws {
        let template = try SUNTemplate("https://example.com/t?uid={uid}&ctr={ctr}&cmac={mac}")
        #expect(template.sdm.metaRead == .free)
        #expect(template.sdm.options == 0xC1)
        // 7 bytes before the URI rest ("example.com/t?uid=", 18): UID at 25, ctr after 14 + "&ctr=".
        #expect(template.sdm.uidOffset == 25)
        #expect(template.sdm.readCounterOffset == 25 + 14 + 5)
        #expect(template.sdm.macOffset == 25 + 14 + 5 + 6 + 6)
        #expect(template.sdm.piccDataOffset == nil)
        // Every offset points at its placeholder's zeros in the file.
        for (offset, length) in [(template.sdm.uidOffset!, 14), (template.sdm.readCounterOffset!, 6)] {
            #expect(Array(template.fileBytes[offset..<offset + length]) == zeros(length))
        }
        let settings = try NTAG424SDMSettings.parse(template.sdm.bytes).get()
        #expect(settings == template.sdm)
    }

    @Test func expectedSettingsRoundTrip() throws {
        let template = try SUNTemplate("https://ntag.nxp.com/424?e={picc}&c={mac}")
        let settings = try NTAG424FileSettings.parse(template.expectedFileSettings().bytes).get()
        #expect(try settings.sdm?.get() == template.sdm)
        #expect(template.changeFileSettingsData == [0x40] + template.accessRights.bytes + template.sdm.bytes)
    }

    @Test func refusals() {
        let cases: [(String, [UInt8], SUNTemplateError)] = [
            ("", [], .empty),
            ("https://a.b/?e={picc}&c={mac", [], .unbalancedBrace(position: 24)),
            ("https://a.b/?e=}{mac}", [], .unbalancedBrace(position: 15)),
            ("https://a.b/?e={pic}&c={mac}", [], .unknownPlaceholder(name: "pic", position: 15)),
            ("https://a.b/?e={picc}&c={picc}", [], .duplicatePlaceholder(.picc)),
            ("https://a.b/?e={picc}", [], .macMissing),
            ("https://a.b/?e={picc}&u={uid}&c={mac}", [], .piccWithPlainMirror),
            ("https://a.b/?c={mac}&e={picc}", [], .macNotLast(before: .picc)),
            ("https://a.b/?x={enc}&c={mac}", [], .encWithoutFileData),
            ("https://a.b/?c={mac}", Array(repeating: 0x41, count: 16), .fileDataWithoutEnc),
            ("https://a.b/?x={enc}&c={mac}", Array(repeating: 0x41, count: 15), .fileDataLength(bytes: 15)),
            ("https://a.b/" + String(repeating: "p", count: 240) + "?c={mac}", [], .tooLong(bytes: 273, capacity: 256)),
        ]
        // The too-long case: a 264-byte payload takes the long record header (7 bytes): 2 + 7 + 264 = 273.
        for (text, data, error) in cases {
            #expect(throws: error) { try SUNTemplate(text, fileData: data) }
        }
        #expect(throws: SUNTemplateError.keyNumber(name: "meta", value: 5)) {
            try SUNTemplate("https://a.b/?e={picc}&c={mac}", metaKeyNumber: 5)
        }
        // Every refusal says something a person can act on.
        for (_, _, error) in cases { #expect(!error.sentence.isEmpty) }
    }

    /// LRP mode (reference §2.10): PICCData is PICCRand ‖ 16 enciphered bytes, 48 characters, so
    /// everything after it moves by 16; the settings bytes are AES's with those offsets.
    @Test func lrpLayout() throws {
        let aes = try SUNTemplate("https://ntag.nxp.com/424?e={picc}&c={mac}", metaKeyNumber: 0, fileKeyNumber: 0)
        let lrp = try SUNTemplate(
            "https://ntag.nxp.com/424?e={picc}&c={mac}", metaKeyNumber: 0, fileKeyNumber: 0, lrp: true)
        #expect(lrp.lrp && !aes.lrp)
        #expect(
            lrp.fileBytes
                == [0x00, 0x5B, 0xD1, 0x01, 0x57, 0x55, 0x04] + ascii("ntag.nxp.com/424?e=") + zeros(48)
                + ascii("&c=") + zeros(16))
        #expect(lrp.sdm.piccDataOffset == 0x1A)
        #expect(lrp.sdm.macOffset == 0x3D + 16 && lrp.sdm.macInputOffset == 0x3D + 16)
        #expect(lrp.sdm.options == aes.sdm.options)
        // LRP is told apart by its 48-digit PICCData: a plain mirror would be checked as AES.
        #expect(throws: SUNTemplateError.lrpWithoutPICCData) {
            try SUNTemplate("https://a.b/?uid={uid}&ctr={ctr}&c={mac}", lrp: true)
        }
    }
}
