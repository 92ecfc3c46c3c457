import TagEmulator
import TagFrames
import Testing
import Type4

/// Drives an emulated NTAG 424 DNA through SDM the way a provisioning app and a phone do: an
/// authenticated ChangeFileSettings from module Type4's reader side, then unauthenticated reads.
enum SDMFixture {
    static let zeroKey = [UInt8](repeating: 0, count: 16)
    static let selectApplication = "00A4040007D276000085010100"

    /// A factory tag with `ndef` in file 2 (padded with zeros), its application selected.
    static func tag(uid: [UInt8], ndef: [UInt8]) async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: uid, contents: [0xE104: ndef])
        #expect(try await tag.exchange(selectApplication) == bytes("9000"))
        return tag
    }

    /// Authenticates with key 0 (`key0`), sends ChangeFileSettings of file 2 with `settings`
    /// (FileOption ‖ AccessRights ‖ SDM part) and returns the raw answer; then starts a new RF
    /// session with the application selected, as a phone tapping the tag later would.
    @discardableResult
    static func changeFileSettings(_ tag: EmulatedType4Tag, _ settings: [UInt8], key0: [UInt8] = zeroKey)
        async throws -> ResponseAPDU
    {
        let authentication = try NTAG424Authentication.first(keyNumber: 0, key: key0)
        let proof = try authentication.respond(to: try await tag.transmit(authentication.command))
        var session = try proof.finish(try await tag.transmit(proof.command))
        let response = try await tag.transmit(try session.changeFileSettings(file: 2, settings: settings))
        if response.status == .nativeSuccess { _ = try session.unwrap(response, mode: .mac) }
        tag.present()
        #expect(try await tag.exchange(selectApplication) == bytes("9000"))
        return response
    }

    /// The NDEF message read with ISO commands: SELECT E104, READ BINARY of NLEN, then of the body.
    static func isoRead(_ tag: EmulatedType4Tag) async throws -> [UInt8] {
        #expect(try await tag.exchange("00A4000C02E104") == bytes("9000"))
        let nlen = try await tag.transmit(CommandAPDU(cla: 0x00, ins: 0xB0, p1: 0x00, p2: 0x00, le: 2))
        #expect(nlen.status == .success)
        guard nlen.data.count == 2 else { return [] }
        return try await isoReadBody(tag, length: Int(nlen.data[0]) << 8 | Int(nlen.data[1]))
    }

    /// READ BINARY of `length` bytes from offset 2.
    static func isoReadBody(_ tag: EmulatedType4Tag, length: Int) async throws -> [UInt8] {
        let body = try await tag.transmit(CommandAPDU(cla: 0x00, ins: 0xB0, p1: 0x00, p2: 0x02, le: length))
        #expect(body.status == .success)
        return body.data
    }

    /// The NDEF message read with one plain native ReadData of the whole file 2.
    static func nativeRead(_ tag: EmulatedType4Tag) async throws -> [UInt8] {
        let response = try await tag.transmit(NTAG424Command.readData(file: 2, offset: 0, length: 0))
        #expect(response.status == .nativeSuccess)
        guard response.data.count >= 2 else { return [] }
        let length = Int(response.data[0]) << 8 | Int(response.data[1])
        return Array(response.data.dropFirst(2).prefix(length))
    }

    /// The URI of a message that is one short URI record (`D1 01 len 55 prefix text`), with the
    /// prefix codes 00–04 spelled out (NFC Forum URI RTD table 3).
    static func uri(_ message: [UInt8]) -> String {
        guard message.count >= 5, message[0] == 0xD1, message[3] == 0x55 else { return "" }
        let prefixes = ["", "http://www.", "https://www.", "http://", "https://"]
        let prefix = Int(message[4]) < prefixes.count ? prefixes[Int(message[4])] : ""
        return prefix + String(decoding: message.dropFirst(5), as: UTF8.self)
    }

    /// SDMReadCtr through a plain GetFileCounters (SDMCtrRet = E).
    static func counter(_ tag: EmulatedType4Tag) async throws -> Int? {
        let response = try await tag.exchange("90F6000001 02 00")
        guard response.count == 7, response.suffix(2) == [0x91, 0x00], response[3...4] == [0, 0] else { return nil }
        return Int(response[0]) | Int(response[1]) << 8 | Int(response[2]) << 16
    }

    /// `text` as ASCII bytes.
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Where `marker` (ASCII) ends in `file`: the offset of the placeholder after it.
    static func offset(after marker: String, in file: [UInt8]) -> Int? {
        let needle = ascii(marker)
        guard file.count >= needle.count else { return nil }
        for start in 0...(file.count - needle.count) where Array(file[start..<(start + needle.count)]) == needle {
            return start + needle.count
        }
        return nil
    }

    /// A 3-byte LSB-first offset field.
    static func le3(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
}
