import SUN
import TagEmulator
import TagFrames
import Testing
import Type4

/// Correctness: the emulated NTAG 424 DNA in LRP mode (AN12304; shared/reference
/// type4-type5-ntag424.md §2.10): SetConfiguration's permanent switch, the AES authentication it
/// then refuses, and SUN messages mirrored byte for byte as sdm-backend's published LRP case has
/// them (`tests/test_lrp_sdm.py`: PICCRand AAE1508939ECF6FF, UID 042E1D222A6380, counter 106,
/// keys zero).
@Suite struct NTAG424LRPTests {
    typealias F = SDMFixture

    static let uid = bytes("042E1D222A6380")
    /// `https://x.io/<PICCData 48>x<MAC 16>`: PICCData and the MAC input at 12, the MAC at 61.
    static let file =
        bytes("004B D1014755 04") + F.ascii("x.io/" + String(repeating: "0", count: 48) + "x")
        + F.ascii(String(repeating: "0", count: 16))
    /// FileOption 40, rights as shipped, SDMOptions C1, CtrRet E, MetaRead 0, FileRead 0,
    /// PICCDataOffset = MACInputOffset = 0C, MACOffset 3D.
    static let settings = bytes("40 E0EE C1 FE00 0C0000 0C0000 3D0000")
    static let url = "https://x.io/AAE1508939ECF6FF26BCE407959AB1A5EC022819A35CD293x5E3DB82C19E3865F"

    /// Authenticates with `key` number `number` (AES) and sends SetConfiguration option 05 with
    /// the LRP bit; returns the raw answer.
    static func enableLRP(_ tag: EmulatedType4Tag, keyNumber: UInt8 = 0) async throws -> ResponseAPDU {
        let authentication = try NTAG424Authentication.first(keyNumber: keyNumber, key: F.zeroKey)
        let proof = try authentication.respond(to: try await tag.transmit(authentication.command))
        var session = try proof.finish(try await tag.transmit(proof.command))
        let response = try await tag.transmit(try session.enableLRP())
        if response.status == .nativeSuccess { _ = try session.unwrap(response, mode: .mac) }
        return response
    }

    @Test("sdm-backend's LRP SUN case, byte for byte, by READ BINARY and by ReadData")
    func sdmBackendVector() async throws {
        for native in [false, true] {
            let tag = try await F.tag(uid: Self.uid, ndef: Self.file)
            try await F.changeFileSettings(tag, Self.settings)
            tag.memory.lrp = true
            tag.memory.files[1].sdmReadCounter = 105
            tag.challenges = .scripted(rndB: [], sdmPadding: [bytes("AAE1508939ECF6FF 16E2CA89D1")])
            let message = native ? try await F.nativeRead(tag) : try await F.isoRead(tag)
            #expect(F.uri(message) == Self.url)
            #expect(tag.memory.files[1].sdmReadCounter == 106)
        }
    }

    @Test("The same file in AES mode mirrors 32 digits of PICCData, not 48: the mode decides")
    func aesModeDiffers() async throws {
        let tag = try await F.tag(uid: Self.uid, ndef: Self.file)
        try await F.changeFileSettings(tag, Self.settings)
        tag.challenges = .scripted(rndB: [], sdmPadding: [bytes("16E2CA89D1")])
        let url = F.uri(try await F.isoRead(tag))
        #expect(url != Self.url)
        #expect(url.hasPrefix("https://x.io/"))
    }

    @Test("SetConfiguration switches to LRP for good: AES authentication is then 91 9D, LRP's 91 1C")
    func switchIsPermanent() async throws {
        let tag = try await F.tag(uid: Self.uid, ndef: Self.file)
        #expect(try await Self.enableLRP(tag).status == .nativeSuccess)
        #expect(tag.memory.lrp)
        tag.present()
        _ = try await tag.exchange(F.selectApplication)
        // AuthenticateEV2First, key 0, AES (no PCDcap2), then asking for LRP (PCDcap2.1 = 02).
        #expect(try await tag.exchange("9071000002 00 00 00") == bytes("919D"))
        #expect(try await tag.exchange("9071000003 00 01 02 00") == bytes("911C"))
        // Saved and loaded, the tag is still in LRP mode; a file without the line loads in AES.
        let text = Type4TagFile.encode(tag)
        #expect(text.contains("Secure messaging: LRP"))
        #expect(try Type4TagFile.decode(text).memory.lrp)
        let aes = text.split(separator: "\n").filter { !$0.hasPrefix("Secure messaging") }.joined(separator: "\n")
        #expect(try Type4TagFile.decode(aes).memory.lrp == false)
        let bad = text.replacingOccurrences(of: "Secure messaging: LRP", with: "Secure messaging: DES")
        #expect(throws: EmulatorError.self) { try Type4TagFile.decode(bad) }
    }

    @Test("SetConfiguration needs key 0, the 10 capability bytes and option 05; a refusal changes nothing")
    func setConfigurationRules() async throws {
        let tag = try await F.tag(uid: Self.uid, ndef: Self.file)
        #expect(try await Self.enableLRP(tag, keyNumber: 1).status == StatusWord(0x91AE))
        #expect(tag.memory.lrp == false)
        // Without a session at all.
        tag.present()
        _ = try await tag.exchange(F.selectApplication)
        #expect(try await tag.exchange("905C00000B 05 00000000 02 000000 0000 00").suffix(2) == [0x91, 0xAE])
        #expect(tag.memory.lrp == false)
        // The capability byte clear: accepted, still AES.
        let authentication = try NTAG424Authentication.first(keyNumber: 0, key: F.zeroKey)
        let proof = try authentication.respond(to: try await tag.transmit(authentication.command))
        var session = try proof.finish(try await tag.transmit(proof.command))
        let clear = try session.wrap(ins: 0x5C, header: [0x05], data: [UInt8](repeating: 0, count: 10), mode: .full)
        let answer = try await tag.transmit(clear)
        #expect(answer.status == .nativeSuccess)
        _ = try session.unwrap(answer, mode: .mac)
        #expect(tag.memory.lrp == false)
        let short = try session.wrap(ins: 0x5C, header: [0x05], data: [0, 0, 0, 0, 2], mode: .full)
        #expect(try await tag.transmit(short).status == StatusWord(0x917E))
        #expect(tag.memory.lrp == false)
    }

    @Test("A SUN template laid out for LRP round-trips: set up in AES, switched, read, verified with its file data")
    func templateRoundTrip() async throws {
        let template = try SUNTemplate(
            "https://x.io/t?p={picc}&enc={enc}&c={mac}", fileData: Array("0123456789abcdef".utf8), metaKeyNumber: 0,
            fileKeyNumber: 0, lrp: true)
        let tag = try await F.tag(uid: Self.uid, ndef: template.fileBytes)
        try await F.changeFileSettings(tag, template.changeFileSettingsData)
        #expect(try await Self.enableLRP(tag).status == .nativeSuccess)
        var counters: [Int] = []
        for _ in 0..<3 {
            tag.present()
            _ = try await tag.exchange(F.selectApplication)
            let url = F.uri(try await F.isoRead(tag))
            let verified = try SUNVerifier.verify(url: url, metaKey: F.zeroKey, fileKey: F.zeroKey)
            #expect(verified.uid == Self.uid)
            #expect(verified.fileData == Array("0123456789abcdef".utf8))
            // With the template too, as a backend with other parameter names would.
            let patterned = try SUNVerifier(metaKey: F.zeroKey, fileKey: F.zeroKey, pattern: template.pattern)
            #expect(try patterned.verify(url: url).counter == verified.counter)
            counters.append(verified.counter)
        }
        #expect(counters == [1, 2, 3])
    }
}
