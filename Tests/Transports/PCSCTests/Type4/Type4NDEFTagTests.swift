import PCSCTransport
import TestSupport
import Testing

/// A Type 4 tag's file system answering ISO 7816-4 SELECT / READ BINARY / UPDATE BINARY, written
/// from the NFC Forum Type 4 Tag specification 2.0 (§5.1 CC file, §5.4 command set).
final class Type4Card: APDUChannel {
    var cc: [UInt8]
    var ndefFile: [UInt8]
    private var applicationSelected = false
    private var selected: [UInt8] = []
    private(set) var updates: [[UInt8]] = []

    init(fileSize: Int = 0x0100, writeAccess: UInt8 = 0x00, mle: Int = 0x3B, mlc: Int = 0x34) {
        // CCLEN 000F, version 2.0, MLe, MLc, NDEF File Control TLV 04 06 E104 size 00 <write>.
        cc = [
            0x00, 0x0F, 0x20, UInt8(mle >> 8), UInt8(mle & 0xFF), UInt8(mlc >> 8), UInt8(mlc & 0xFF),
            0x04, 0x06, 0xE1, 0x04, UInt8(fileSize >> 8), UInt8(fileSize & 0xFF), 0x00, writeAccess,
        ]
        ndefFile = [UInt8](repeating: 0, count: fileSize)
    }

    func reset() async throws(PCSCError) {}

    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8] {
        guard apdu.count >= 4 else { return [0x67, 0x00] }
        switch (apdu[1], apdu[2], apdu[3]) {
        case (0xA4, 0x04, 0x00):
            applicationSelected = Array(apdu.dropFirst(5).prefix(7)) == [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
            return applicationSelected ? [0x90, 0x00] : [0x6A, 0x82]
        case (0xA4, 0x00, 0x0C):
            let id = Array(apdu.dropFirst(5).prefix(2))
            guard applicationSelected, id == [0xE1, 0x03] || id == [0xE1, 0x04] else { return [0x6A, 0x82] }
            selected = id
            return [0x90, 0x00]
        case (0xB0, _, _):
            let file = selected == [0xE1, 0x03] ? cc : ndefFile
            let offset = Int(apdu[2]) << 8 | Int(apdu[3])
            let count = Int(apdu[4])
            guard offset + count <= file.count else { return [0x6B, 0x00] }
            return Array(file[offset..<(offset + count)]) + [0x90, 0x00]
        case (0xD6, _, _):
            guard selected == [0xE1, 0x04], cc[14] == 0x00 else { return [0x69, 0x82] }
            let offset = Int(apdu[2]) << 8 | Int(apdu[3])
            let data = Array(apdu.dropFirst(5))
            guard offset + data.count <= ndefFile.count else { return [0x6B, 0x00] }
            ndefFile.replaceSubrange(offset..<(offset + data.count), with: data)
            updates.append(apdu)
            return [0x90, 0x00]
        default:
            return [0x6D, 0x00]
        }
    }
}

@Suite struct Type4NDEFTagTests {
    @Test func writeThenReadRoundTripsInChunksWithNLENFirstAndLast() async throws {
        var rng = SplitMix64(seed: 4)
        for size in [0, 1, 51, 52, 53, 200, 254] {
            let card = Type4Card()
            let tag = Type4NDEFTag(channel: card)
            let message = rng.bytes(size)
            try await tag.writeNDEF(message)
            #expect(try await tag.readNDEF() == message)
            // NLEN cleared first, set last; the message chunks honour MLc = 0x34 (52 bytes).
            #expect(card.updates.first == [0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x00])
            #expect(card.updates.last == [0x00, 0xD6, 0x00, 0x00, 0x02, UInt8(size >> 8), UInt8(size & 0xFF)])
            #expect(card.updates.dropFirst().dropLast().allSatisfy { $0.count - 5 <= 0x34 })
            #expect(card.updates.count == 2 + (size + 51) / 52)
        }
    }

    @Test func capabilityContainerFieldsAreTheTagsFigures() async throws {
        let tag = Type4NDEFTag(channel: Type4Card(fileSize: 0x0800, mle: 0xFF, mlc: 0xF6))
        let cc = try await tag.capabilityContainer()
        #expect(cc.maxRead == 0xFF)
        #expect(cc.maxWrite == 0xF6)
        #expect(cc.ndefFileID == [0xE1, 0x04])
        #expect(cc.capacity == 0x07FE)
        #expect(cc.isWritable)
    }

    @Test func refusesTooBigAndReadOnlyBeforeWriting() async {
        let small = Type4Card(fileSize: 12)
        await #expect(throws: Type4Error.tooBig(needed: 11, capacity: 10)) {
            try await Type4NDEFTag(channel: small).writeNDEF([UInt8](repeating: 1, count: 11))
        }
        #expect(small.updates.isEmpty)
        let locked = Type4Card(writeAccess: 0xFF)
        await #expect(throws: Type4Error.readOnly(access: 0xFF)) {
            try await Type4NDEFTag(channel: locked).writeNDEF([1, 2, 3])
        }
        #expect(locked.updates.isEmpty)
    }

    @Test func aType2TagBehindAReaderIsNotAType4Tag() async {
        let channel = BridgeChannel(bridge: StorageCardBridge(tag: MemoryTag.ntag213(), totalPages: 45))
        do {
            _ = try await Type4NDEFTag(channel: channel).readNDEF()
            Issue.record("a Type 2 tag answered as Type 4")
        } catch {
            #expect(error == .statusWord(sw1: 0x6A, sw2: 0x82, step: "select the NDEF application"))
            #expect(error.sentence.contains("not an NFC Forum Type 4 tag"))
        }
    }

    @Test func aLengthBeyondTheFileIsReportedNotRead() async {
        let card = Type4Card(fileSize: 16)
        card.ndefFile[0] = 0x00
        card.ndefFile[1] = 0x20
        await #expect(throws: Type4Error.lengthBeyondFile(nlen: 32, capacity: 14)) {
            try await Type4NDEFTag(channel: card).readNDEF()
        }
    }
}
