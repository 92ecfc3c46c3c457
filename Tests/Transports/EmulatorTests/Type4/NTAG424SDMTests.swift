import SUN
import TagEmulator
import TagFrames
import Testing
import Type4

/// Correctness: the emulated NTAG 424 DNA's Secure Dynamic Messaging against the end-to-end
/// vectors E-A and E-B of shared/reference/type4-type5-ntag424.md §2.8 (derived from AN12196's SUN
/// URLs S2 and S3), and the counter, settings and persistence rules of §2.6–§2.7.
@Suite struct NTAG424SDMTests {
    typealias F = SDMFixture

    // MARK: E-A and E-B

    /// E-A: `https://ntag.nxp.com/424?e=<PICCData>&c=<MAC>`, MetaRead 0, FileRead 0.
    static let fileA =
        bytes("004B D1014755 04") + F.ascii("ntag.nxp.com/424?e=" + String(repeating: "0", count: 32) + "&c=")
        + F.ascii(String(repeating: "0", count: 16))
    /// FileOption 40 (SDM, plain), access rights as shipped, SDMOptions C1, CtrRet E, MetaRead 0,
    /// FileRead 0, PICCDataOffset 1A, MACInputOffset = MACOffset = 3D.
    static let settingsA = bytes("40 E0EE C1 FE00 1A0000 3D0000 3D0000")
    static let uidA = bytes("04DE5F1EACC040")
    static let urlA = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"

    /// E-B: `https://my424dna.com/?picc_data=<PICCData>&enc=<ENC>&cmac=<MAC>`, the AN12196 §5.3 layout.
    static let fileB =
        bytes("0078 D1017455 02")
        + F.ascii(
            "my424dna.com/?picc_data=" + String(repeating: "0", count: 32) + "&enc=xxxxxxxxxxxxxxxx"
                + String(repeating: "0", count: 16) + "&cmac=" + String(repeating: "0", count: 16))
    static let settingsB = bytes("40 E0EE D1 FE00 1F0000 440000 440000 200000 6A0000")
    static let uidB = bytes("04958CAA5C5E80")
    static let urlB =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40"
        + "&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"

    @Test("E-A by READ BINARY: the counter driven to 61 by 61 taps, padding DA5CF60941")
    func vectorAByTaps() async throws {
        let tag = try await F.tag(uid: Self.uidA, ndef: Self.fileA)
        try await F.changeFileSettings(tag, Self.settingsA)
        tag.challenges = .scripted(rndB: [], sdmPadding: Array(repeating: [], count: 60) + [bytes("DA5CF60941")])
        var url = ""
        for _ in 1...61 {
            tag.present()
            _ = try await tag.exchange(F.selectApplication)
            url = F.uri(try await F.isoRead(tag))
        }
        #expect(try await F.counter(tag) == 61)
        #expect(url == Self.urlA)
    }

    @Test("E-A by ReadData and by READ BINARY from counter 60 set in memory")
    func vectorAByBothReads() async throws {
        for native in [false, true] {
            let tag = try await F.tag(uid: Self.uidA, ndef: Self.fileA)
            try await F.changeFileSettings(tag, Self.settingsA)
            tag.memory.files[1].sdmReadCounter = 60
            tag.challenges = .scripted(rndB: [], sdmPadding: [bytes("DA5CF60941")])
            let message = native ? try await F.nativeRead(tag) : try await F.isoRead(tag)
            #expect(F.uri(message) == Self.urlA)
            #expect(tag.memory.files[1].sdmReadCounter == 61)
            // The stored file keeps its placeholders.
            #expect(tag.contents(ofFile: 0xE104)?.prefix(Self.fileA.count) == Self.fileA[...])
        }
    }

    @Test("E-B by READ BINARY and by ReadData: counter 8, padding A243C86DFC, file data xxxx…")
    func vectorB() async throws {
        for native in [false, true] {
            let tag = try await F.tag(uid: Self.uidB, ndef: Self.fileB)
            try await F.changeFileSettings(tag, Self.settingsB)
            tag.memory.files[1].sdmReadCounter = 7
            tag.challenges = .scripted(rndB: [], sdmPadding: [bytes("A243C86DFC")])
            let message = native ? try await F.nativeRead(tag) : try await F.isoRead(tag)
            #expect(F.uri(message) == Self.urlB)
            let verified = try SUNVerifier.verify(url: Self.urlB, metaKey: F.zeroKey, fileKey: F.zeroKey)
            #expect(verified.counter == 8)
        }
    }

    // MARK: Counter rules

    /// `https://example.com/?uid=<14>&ctr=<6>&cmac=<16>`: plain mirror, MAC of the empty string.
    static let plainFile =
        bytes("0045 D1014155 04")
        + F.ascii(
            "example.com/?uid=" + String(repeating: "0", count: 14) + "&ctr=" + String(repeating: "0", count: 6)
                + "&cmac=" + String(repeating: "0", count: 16))
    static func plainSettings(limit: Int? = nil) -> [UInt8] {
        let options: UInt8 = limit == nil ? 0xC1 : 0xE1
        // UID at 7 + 17 = 24, counter at 24 + 14 + 5 = 43, MAC at 43 + 6 + 6 = 55.
        return [0x40, 0xE0, 0xEE, options, 0xFE, 0xE0] + F.le3(24) + F.le3(43) + F.le3(55) + F.le3(55)
            + (limit.map(F.le3) ?? [])
    }

    /// The counter the plain mirror shows (6 hex digits, MSB first).
    static func mirroredCounter(_ message: [UInt8]) -> Int? {
        guard message.count >= 47 else { return nil }
        return Int(String(decoding: message[41..<47], as: UTF8.self), radix: 16)
    }

    @Test("NLEN then body is one read; a repeat with the same command too; another command makes the next count")
    func counterRules() async throws {
        let tag = try await F.tag(uid: Self.uidB, ndef: Self.plainFile)
        try await F.changeFileSettings(tag, Self.plainSettings())
        #expect(try await F.counter(tag) == 0)
        let first = try await F.isoRead(tag)  // SELECT, NLEN (counts), body (reuses)
        #expect(Self.mirroredCounter(first) == 1)
        #expect(F.uri(first).contains("uid=04958CAA5C5E80&ctr=000001&cmac="))
        let again = try await F.isoReadBody(tag, length: first.count)
        #expect(again == first)
        #expect(try await F.counter(tag) == 1)  // GetFileCounters: a different command
        #expect(Self.mirroredCounter(try await F.isoReadBody(tag, length: first.count)) == 2)
        // ISO then native: a different command type counts.
        #expect(Self.mirroredCounter(try await F.nativeRead(tag)) == 3)
        #expect(Self.mirroredCounter(try await F.nativeRead(tag)) == 3)
        tag.present()
        _ = try await tag.exchange(F.selectApplication)
        #expect(Self.mirroredCounter(try await F.nativeRead(tag)) == 4)
        // The mirror verifies with the host-side verifier.
        let url = F.uri(try await F.nativeRead(tag))
        #expect(try SUNVerifier.verify(url: url, metaKey: F.zeroKey, fileKey: F.zeroKey).counter == 4)
    }

    @Test("An authenticated ReadData is neither mirrored nor counted")
    func authenticatedRead() async throws {
        let tag = try await F.tag(uid: Self.uidB, ndef: Self.plainFile)
        try await F.changeFileSettings(tag, Self.plainSettings())
        let authentication = try NTAG424Authentication.first(keyNumber: 0, key: F.zeroKey)
        let proof = try authentication.respond(to: try await tag.transmit(authentication.command))
        var session = try proof.finish(try await tag.transmit(proof.command))
        for _ in 0..<2 {
            let command = try session.readData(file: 2, offset: 0, length: 0, mode: .plain)
            let data = try session.unwrap(try await tag.transmit(command), mode: .plain)
            #expect(Array(data.prefix(Self.plainFile.count)) == Self.plainFile)
        }
        #expect(tag.authenticatedKeyNumber == 0)
        #expect(tag.memory.files[1].sdmReadCounter == 0)
    }

    @Test("SDMReadCtrLimit 3: the fourth counted read is refused, the counter stays at 3")
    func counterLimit() async throws {
        let tag = try await F.tag(uid: Self.uidB, ndef: Self.plainFile)
        #expect(try await F.changeFileSettings(tag, Self.plainSettings(limit: 3)).status == .nativeSuccess)
        for expected in 1...3 {
            let message = expected % 2 == 0 ? try await F.nativeRead(tag) : try await F.isoRead(tag)
            #expect(Self.mirroredCounter(message) == expected)
        }
        // Same command again: reuses 3, still allowed.
        #expect(Self.mirroredCounter(try await F.isoReadBody(tag, length: Self.plainFile.count - 2)) == 3)
        #expect(try await tag.exchange("90AD0000070200000000000000") == bytes("919D"))
        #expect(try await tag.exchange("00B0000002") == bytes("6982"))
        #expect(tag.memory.files[1].sdmReadCounter == 3)
    }

    @Test("GetFileCounters: plain with CtrRet E, FULL with its key, 91 9D without SDM, 91 AE with another key")
    func fileCounters() async throws {
        let tag = try await F.tag(uid: Self.uidA, ndef: Self.fileA)
        #expect(try await tag.exchange("90F6000001 02 00") == bytes("919D"))
        try await F.changeFileSettings(tag, Self.settingsA)
        tag.memory.files[1].sdmReadCounter = 0x01_0203
        #expect(try await tag.exchange("90F6000001 02 00") == bytes("030201 0000 9100"))
        // CtrRet 1 (SDMAccessRights F1 00): key 1 in FULL mode.
        try await F.changeFileSettings(tag, bytes("40 E0EE C1 F100 1A0000 3D0000 3D0000"))
        #expect(try await tag.exchange("90F6000001 02 00") == bytes("91AE"))
        tag.memory.files[1].sdmReadCounter = 5
        let authentication = try NTAG424Authentication.first(keyNumber: 1, key: F.zeroKey)
        let proof = try authentication.respond(to: try await tag.transmit(authentication.command))
        var session = try proof.finish(try await tag.transmit(proof.command))
        let command = try session.wrap(ins: 0xF6, header: [0x02], mode: .full)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .full) == bytes("050000 0000"))
    }

    // MARK: Settings

    @Test("GetFileSettings returns the SDM part exactly as sent, and ChangeFileSettings resets the counter")
    func settingsRoundTrip() async throws {
        let tag = try await F.tag(uid: Self.uidB, ndef: Self.fileB)
        try await F.changeFileSettings(tag, Self.settingsB)
        #expect(
            try await tag.exchange("90F5000001 02 00")
                == bytes("00 40 E0EE 000100 D1 FE00 1F0000 440000 440000 200000 6A0000 9100"))
        tag.memory.files[1].sdmReadCounter = 99
        try await F.changeFileSettings(tag, Self.plainSettings(limit: 0x12_3456))
        #expect(
            try await tag.exchange("90F5000001 02 00")
                == bytes("00 40 E0EE 000100") + Self.plainSettings(limit: 0x12_3456).dropFirst(3) + bytes("9100"))
        #expect(tag.memory.files[1].sdmReadCounter == 0)
    }

    /// SDM parts (after FileOption 40 and access rights E0EE) the datasheet's rules refuse, with why.
    static let refused: [(String, String)] = [
        ("C0 FE00 1A0000 3D0000 3D0000", "ASCII encoding bit clear"),
        ("C9 FE00 1A0000 3D0000 3D0000", "TTStatus mirror on a chip without TagTamper"),
        ("C1 FE00 F00000 3D0000 3D0000", "PICCData runs past the 256-byte file"),
        ("C1 FE00 1A0000 3D0000 F80000", "SDMMAC runs past the file"),
        ("C1 FE00 1A0000 400000 3D0000", "MACInputOffset after MACOffset"),
        ("C1 FE00 1A0000 200000 200000", "SDMMAC overlaps PICCData"),
        ("C1 FEE0 180000 1E0000 370000 370000", "plain UID and counter mirrors overlap"),
        ("D1 FE00 1F0000 440000 440000 100000 6A0000", "SDMENCLength not a multiple of 32"),
        ("D1 FE00 1F0000 440000 440000 000000 6A0000", "SDMENCLength 0"),
        ("D1 FE00 1F0000 450000 440000 200000 6A0000", "ENC data before MACInputOffset"),
        ("D1 FE00 1F0000 440000 440000 400000 6A0000", "ENC data runs into SDMMAC"),
        ("D1 FE00 1F0000 300000 300000 200000 6A0000", "ENC data overlaps PICCData"),
        ("C1 FE05 1A0000 3D0000 3D0000", "FileRead names key 5"),
        ("81 FFF0 3D0000 3D0000", "MetaRead F with a UID mirror"),
    ]

    @Test("Bad SDM settings are 91 9E (or 91 7E for missing fields) and change nothing")
    func badSettings() async throws {
        for (part, why) in Self.refused {
            let tag = try await F.tag(uid: Self.uidB, ndef: Self.fileB)
            let before = tag.memory
            let response = try await F.changeFileSettings(tag, bytes("40 E0EE") + bytes(part))
            #expect(response.status == StatusWord(0x919E), "\(why)")
            #expect(tag.memory == before, "\(why)")
        }
        let tag = try await F.tag(uid: Self.uidB, ndef: Self.fileB)
        let before = tag.memory
        #expect(
            try await F.changeFileSettings(tag, bytes("40 E0EE C1 FE00 1A0000 3D0000")).status == StatusWord(0x917E))
        #expect(tag.memory == before)
    }

    // MARK: Persistence

    @Test("SDM settings, counter and keys survive saving and loading; a file without a counter line loads at 0")
    func persistence() async throws {
        let tag = try await F.tag(uid: Self.uidA, ndef: Self.fileA)
        try await F.changeFileSettings(tag, Self.settingsA)
        for _ in 0..<3 {
            tag.present()
            _ = try await tag.exchange(F.selectApplication)
            _ = try await F.isoRead(tag)
        }
        tag.memory.keys[3] = Type4Key(value: Array(1...16), version: 7)
        let text = Type4TagFile.encode(tag)
        #expect(text.contains("File E104 SDMReadCtr: 3"))
        let loaded = try Type4TagFile.decode(text)
        #expect(loaded.memory == tag.memory)
        _ = try await loaded.exchange(F.selectApplication)
        let url = F.uri(try await F.isoRead(loaded))
        #expect(try SUNVerifier.verify(url: url, metaKey: F.zeroKey, fileKey: F.zeroKey).counter == 4)
        // A file written before the counter line existed.
        let old = text.split(separator: "\n").filter { !$0.hasPrefix("File E104 SDMReadCtr") }.joined(separator: "\n")
        #expect(try Type4TagFile.decode(old).memory.files[1].sdmReadCounter == 0)
        let tooBig = text.split(separator: "\n").map {
            $0 == "File E104 SDMReadCtr: 3" ? "File E104 SDMReadCtr: 16777216" : $0
        }
        .joined(separator: "\n")
        #expect(throws: EmulatorError.self) { try Type4TagFile.decode(tooBig) }
    }
}
