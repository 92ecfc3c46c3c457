import Foundation
import TagFrames
import TestSupport
import Testing

/// The ISO/IEC 13239 CRC of ISO 15693 frames: the vectors of shared/reference/type4-type5-ntag424.md
/// §3.1 and §3.5, the residue, and agreement with an independent implementation (Python's
/// `binascii.crc_hqx`, the MSB-first CCITT CRC, applied to bit-reversed bytes).
@Suite struct ISO15693CRCTests {
    @Test(
        "Reference vectors (§3.1, §3.5)",
        arguments: [
            ([0x26, 0x01, 0x00], [0xF6, 0x0A]),
            ([0x22, 0x2B, 0xE7, 0x44, 0x40, 0x02, 0x50, 0x01, 0x04, 0xE0], [0x17, 0xFE]),
            ([0x42, 0x20, 0x00], [0x31, 0x56]),
            ([0x00, 0x00, 0xE1, 0x40, 0x0E, 0x01], [0x51, 0xD2]),
        ] as [([UInt8], [UInt8])])
    func vectors(frame: [UInt8], crc: [UInt8]) {
        #expect(ISO15693CRC.bytes(of: frame) == crc)
        #expect(ISO15693CRC.isValid(frame + crc))
    }

    @Test func everyIntactFrameLeavesTheResidueAndEveryFlippedBitIsCaught() {
        var random = SplitMix64(seed: 15693)
        for _ in 0..<300 {
            let frame = ISO15693CRC.appending(to: random.bytes(Int.random(in: 0...40, using: &random)))
            #expect(ISO15693CRC.isValid(frame))
            var damaged = frame
            let bit = Int.random(in: 0..<damaged.count * 8, using: &random)
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(!ISO15693CRC.isValid(damaged))
        }
    }

    static let pythonAvailable: Bool = (try? PeerProcess.output(["python3", "-c", "import binascii"])) != nil

    @Test(
        "400 random frames: our CRC equals Python's crc_hqx on reflected bytes",
        .enabled(if: pythonAvailable || PeerProcess.peersRequired, "python3 not found; skipped"))
    func agreesWithPython() throws {
        if !Self.pythonAvailable { Issue.record("python3 is required here (TAPCARD_REQUIRE_PEERS is set)") }
        var random = SplitMix64(seed: 0x1_5693)
        let frames = (0..<400).map { _ in random.bytes(Int.random(in: 0...64, using: &random)) }
        // Reflected CRC = reflect(MSB-first CRC of reflected bytes), init FFFF, final XOR FFFF.
        let script = """
            import sys, binascii
            rev8 = lambda b: int(f'{b:08b}'[::-1], 2)
            for line in sys.stdin:
                data = bytes(rev8(b) for b in bytes.fromhex(line.strip()))
                crc = binascii.crc_hqx(data, 0xFFFF)
                crc = int(f'{crc:016b}'[::-1], 2) ^ 0xFFFF
                print(f'{crc & 0xFF:02x}{crc >> 8:02x}')
            """
        let input = frames.map { $0.map { String(format: "%02x", $0) }.joined() + "\n" }.joined()
        let lines = try PeerProcess.output(["python3", "-c", script], input: input).split(separator: "\n")
        try #require(lines.count == frames.count)
        for (frame, line) in zip(frames, lines) {
            #expect(ISO15693CRC.bytes(of: frame).map { String(format: "%02x", $0) }.joined() == line)
        }
    }

    @Test func requestFramesCarryTheUIDLSBFirstAndTheManufacturerCodeForCustomCommands() throws {
        let uid: [UInt8] = [0xE0, 0x04, 0x01, 0x50, 0x02, 0x40, 0x44, 0xE7]
        // V-T5T-1: addressed GET SYSTEM INFO.
        let frame = try ISO15693Request(flags: [.highDataRate, .address], command: 0x2B).frame(uid: uid).get()
        #expect(frame == [0x22, 0x2B, 0xE7, 0x44, 0x40, 0x02, 0x50, 0x01, 0x04, 0xE0, 0x17, 0xFE])
        let custom = try ISO15693Request(flags: [.highDataRate], command: 0xBD).frame(uid: uid).get()
        #expect(Array(custom.prefix(3)) == [0x02, 0xBD, 0x04])
        let decoded = try ISO15693WireRequest.parse(frame: frame).get()
        #expect(decoded.uid == uid)
        #expect(decoded.request.command == 0x2B)
        #expect(ISO15693Request(command: 0x20).frame(uid: [1, 2]) == .failure(.uidLength(bytes: 2)))
    }

    @Test func responsesAreCheckedAndDecodedTotally() throws {
        let response = try ISO15693Response.parse(frame: [0x00, 0x00, 0xE1, 0x40, 0x0E, 0x01, 0x51, 0xD2]).get()
        #expect(response.payload == [0x00, 0xE1, 0x40, 0x0E, 0x01])
        #expect(
            ISO15693Response.parse(frame: [0x00, 0x00, 0xE1, 0x40, 0x0E, 0x01, 0x51, 0xD3])
                == .failure(.crcMismatch(received: [0x51, 0xD3], computed: [0x51, 0xD2])))
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let bytes = random.bytes(Int.random(in: 0...12, using: &random))
            if case .success(let parsed) = ISO15693Response.parse(frame: bytes) { #expect(parsed.frame == bytes) }
            if case .success(let parsed) = ISO15693WireRequest.parse(frame: bytes) { #expect(parsed.frame == bytes) }
        }
    }
}
