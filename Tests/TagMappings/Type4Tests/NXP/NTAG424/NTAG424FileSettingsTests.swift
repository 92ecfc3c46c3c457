import TagCatalog
import Testing
import Type4

/// The factory GetFileSettings answers (reference §2.2; `TagModel.ntag424DNA.type4` files).
@Suite struct NTAG424FileSettingsTests {
    @Test func factorySettings() throws {
        let files = try #require(TagModel.ntag424DNA.type4?.files)
        let settings = try files.map { try NTAG424FileSettings.parse(#require($0.factorySettings)).get() }
        // File 01 (CC): 00 00 00E0 200000 — plain; read free, write key 0, read-write key 0, change key 0.
        #expect(settings[0].communicationMode == .plain && !settings[0].isSDMEnabled)
        #expect(
            settings[0].accessRights
                == NTAG424AccessRights(read: .free, write: .key(0), readWrite: .key(0), change: .key(0)))
        #expect(settings[0].size == 32)
        // File 02 (NDEF): 00 00 E0EE 000100 — plain; read, write, read-write free; change key 0.
        #expect(
            settings[1].accessRights
                == NTAG424AccessRights(read: .free, write: .free, readWrite: .free, change: .key(0)))
        #expect(settings[1].size == 256)
        // File 03: 00 03 3023 800000 — FULL; read key 2, write key 3, read-write key 3, change key 0.
        #expect(settings[2].communicationMode == .full)
        #expect(
            settings[2].accessRights
                == NTAG424AccessRights(read: .key(2), write: .key(3), readWrite: .key(3), change: .key(0)))
        #expect(settings[2].accessRights.word == 0x2330)
        #expect(settings[2].accessRights.description == "read key 2, write key 3, read-write key 3, change key 0")
        #expect(settings[2].size == 128)
        for (file, parsed) in zip(files, settings) { #expect(parsed.bytes == file.factorySettings) }
        for (file, parsed) in zip(files, settings) { #expect(parsed.size == file.size) }
    }

    @Test func sdmAndTrailingBytes() throws {
        // FileOption 40 (SDM, plain) with SDM settings left raw.
        let bytes: [UInt8] = [0x00, 0x40, 0xE0, 0xEE, 0x00, 0x01, 0x00, 0xC1, 0xF1, 0x21, 0x20, 0x00, 0x00]
        let settings = try NTAG424FileSettings.parse(bytes).get()
        #expect(settings.isSDMEnabled && settings.communicationMode == .plain)
        #expect(settings.trailing == [0xC1, 0xF1, 0x21, 0x20, 0x00, 0x00])
        #expect(settings.bytes == bytes)
        for count in 0..<7 {
            #expect(
                NTAG424FileSettings.parse(Array(bytes.prefix(count))) == .failure(.fileSettingsTruncated(bytes: count)))
        }
    }

    @Test func accessNibbles() {
        for word in [UInt16(0x0000), 0xE0EE, 0x2330, 0xFFFF, 0x5ABC] {
            let rights = NTAG424AccessRights(word: word)
            #expect(rights.word == word)
            #expect(NTAG424AccessRights(low: rights.bytes[0], high: rights.bytes[1]) == rights)
        }
        #expect(NTAG424AccessRights(word: 0xE0EE).bytes == [0xEE, 0xE0])
        #expect(NTAG424AccessCondition(nibble: 0x7) == .reserved(7))
        #expect(NTAG424AccessCondition(nibble: 0x7).phrase == "reserved value 0x7")
        #expect(NTAG424AccessCondition(nibble: 0xF).phrase == "never")
        #expect(NTAG424AccessCondition(nibble: 0x3).phrase == "key 3")
        #expect(NTAG424CommMode(fileOption: 0x02) == .plain)
        #expect(NTAG424CommMode(fileOption: 0x01) == .mac)
    }
}
