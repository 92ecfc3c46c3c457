import TagFrames
import TagTransport
import TapCardSupport

/// An ISO 15693 tag (NFC Forum Type 5) behind a PC/SC contactless reader, as an
/// ``/TagTransport/ISO15693Channel``: the block commands PC/SC Part 3 storage-card APDUs can
/// express are translated, everything else is refused with a ``/TagTransport/ChannelError``
/// that names the reader, so a Type 5 driver can fall back.
///
/// - `20` READ SINGLE BLOCK `b` → `FF B0 00 b Le` (Le = the block size once known, `00` before:
///   "all the bytes until the end of the block", as the Identiv SDI011 reference manual §6.2.1
///   words it); the block size is learnt from the first answer or from a `6C xx` reply.
/// - `21` WRITE SINGLE BLOCK `b data` → `FF D6 00 b Lc data`, answered with an empty payload.
/// - `23` READ MULTIPLE BLOCKS `first count−1` → one `FF B0` per block, concatenated. One
///   READ BINARY with Le = n × block size is documented for other storage cards (SpringCard H663
///   manual §4.4.2 on ST SRI: "Le must be multiple of 4"), not for ISO 15693 on the readers
///   modelled here (UNVERIFIED), so TapCard does not rely on it.
/// - `30`/`31` EXTENDED READ/WRITE SINGLE BLOCK (2-byte block, LSB first) → the same APDUs with
///   the block in P1 P2 (MSB first), as Part 3 addresses storage cards; whether a given reader
///   passes P1 ≠ 0 to an ISO 15693 tag is UNVERIFIED.
/// - `2B` GET SYSTEM INFO, `22` LOCK BLOCK, `2C`, custom commands and the rest →
///   ``/TagTransport/ChannelError/unsupported(command:reason:)``: the Part 3 storage-card
///   interface has only READ and UPDATE BINARY. Readers that do carry them use vendor or
///   Part 3 v2.02 commands TapCard does not send yet: SpringCard SpringCore `FF F6 <cmd> 00`
///   ("RFID" vendor instructions, `FF F6 2B 00 00` GET SYSTEM INFO, `FF F6 22` LOCK BLOCK),
///   ACS ACR1552U Part 3 Transparent Exchange `FF C2 00 01 … 95 <ISO 15693 frame>` (an NXP
///   community thread shows GET SYSTEM INFO and READ SINGLE BLOCK through it).
/// - READ SINGLE/MULTIPLE with the option flag (block security status first) → `.unsupported`:
///   READ BINARY returns block data only. Other request flags (address, select, data rate) are
///   the reader's choice of framing and are not carried.
///
/// Status words become the tag's ISO 15693 error code as data, or a channel error, per
/// ``ISO15693StatusWords``. A card or reader that goes away becomes
/// ``/TagTransport/ChannelError/tagLost(command:)``.
public final class PCSCISO15693Channel<Channel: APDUChannel>: ISO15693Channel {
    public let channel: Channel
    /// A name for messages (the reader's).
    public let readerName: String
    /// The UID, `E0` first (``normalisedUID(_:)`` of what GET DATA returned).
    public let uid: [UInt8]
    /// Bytes per block: given, or learnt from the first READ BINARY; `nil` until then.
    public private(set) var blockSize: Int?

    public init(channel: Channel, readerName: String, uid: [UInt8], blockSize: Int? = nil) {
        self.channel = channel
        self.readerName = readerName
        self.uid = uid
        self.blockSize = blockSize
    }

    /// An ISO 15693 UID as a PC/SC reader's GET DATA returned it, `E0` first. ISO/IEC 15693-3
    /// §4.1 fixes the UID's most significant byte at `E0`; the air sends it last. A UID that ends
    /// in `E0` and does not start with it came LSB first, as it travels on air (Android's NfcV
    /// `getId()` does the same, phonegap-nfc#446), and is reversed; one that starts with `E0` is
    /// kept. Which order ACR1552U, OMNIKEY 5x22/5427 and uTrust 3700 F return is not stated in
    /// the documents read (UNVERIFIED), hence the rule rather than a per-reader table. Anything
    /// else (not 8 bytes, no `E0` at either end) is kept as it came.
    public static func normalisedUID(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count == 8, bytes.first != 0xE0, bytes.last == 0xE0 else { return bytes }
        return bytes.reversed()
    }

    public func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        let label = request.label
        let parameters = request.parameters
        switch request.command {
        case 0x20, 0x30:
            guard !request.flags.contains(.option) else {
                throw unsupported(label, "its READ BINARY returns block data without the block security status")
            }
            let block = try Self.block(of: request, label: label)
            return try await readBlocks(first: block, count: 1, command: label)
        case 0x21, 0x31:
            let width = request.command == 0x21 ? 1 : 2
            guard parameters.count > width else {
                throw unsupported(label, "the request holds no block data after the block number")
            }
            let block = try Self.block(of: request, label: label)
            return try await writeBlock(block, data: Array(parameters[width...]), command: label)
        case 0x23, 0x33:
            guard !request.flags.contains(.option) else {
                throw unsupported(label, "its READ BINARY returns block data without the block security status")
            }
            let width = request.command == 0x23 ? 1 : 2
            guard parameters.count == 2 * width else {
                throw unsupported(label, "the request must hold the first block and the count, \(width) byte(s) each")
            }
            let first = Self.littleEndian(parameters[0..<width])
            let count = Self.littleEndian(parameters[width..<(2 * width)]) + 1
            return try await readBlocks(first: first, count: count, command: label)
        case 0x2B:
            throw unsupported(
                label,
                "its PC/SC Part 3 storage-card interface cannot send GET SYSTEM INFO; take the block size from READ SINGLE BLOCK"
            )
        case 0x22, 0x32:
            throw unsupported(label, "its PC/SC Part 3 storage-card interface has no LOCK BLOCK")
        default:
            throw unsupported(
                label,
                "its PC/SC Part 3 storage-card interface carries only READ and WRITE SINGLE BLOCK (and READ MULTIPLE as single reads)"
            )
        }
    }

    private func unsupported(_ label: CommandLabel, _ reason: String) -> ChannelError {
        .unsupported(command: label, reason: "the reader '\(readerName)' is a PC/SC reader: \(reason)")
    }

    /// The block number of a single-block request: 1 byte (standard) or 2 bytes LSB first (extended).
    private static func block(of request: ISO15693Request, label: CommandLabel) throws(ChannelError) -> Int {
        let extended = request.command >= 0x30
        let width = extended ? 2 : 1
        guard request.parameters.count >= width else {
            throw ChannelError.unsupported(command: label, reason: "the request holds no block number")
        }
        if request.command == 0x20 || request.command == 0x30, request.parameters.count != width {
            throw ChannelError.unsupported(
                command: label,
                reason: "the request holds \(request.parameters.count) bytes; a block number takes \(width)")
        }
        return littleEndian(request.parameters[0..<width])
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    private func readBlocks(first: Int, count: Int, command: CommandLabel) async throws(ChannelError)
        -> ISO15693Response
    {
        var data: [UInt8] = []
        for block in first..<(first + count) {
            guard block <= 0xFFFF else { return ISO15693Response(flags: 0x01, payload: [0x10]) }
            switch try await readBlock(block, command: command) {
            case .success(let bytes): data += bytes
            case .failure(let refusal): return refusal.response
            }
        }
        return ISO15693Response(flags: 0x00, payload: data)
    }

    /// The tag's refusal, carried as data.
    private struct Refusal: Error {
        let code: UInt8
        var response: ISO15693Response { ISO15693Response(flags: 0x01, payload: [code]) }
    }

    private func readBlock(_ block: Int, command: CommandLabel) async throws(ChannelError) -> Result<[UInt8], Refusal> {
        var le = blockSize.map { UInt8(truncatingIfNeeded: $0) } ?? 0x00
        // One retry: a `6C xx` names the right Le.
        for attempt in 0..<2 {
            let apdu: [UInt8] = [0xFF, 0xB0, UInt8(block >> 8), UInt8(block & 0xFF), le]
            let (body, sw1, sw2) = try await exchange(apdu, command: command)
            switch ISO15693StatusWords.meaning(sw1: sw1, sw2: sw2, writing: false) {
            case .success:
                if let blockSize, body.count != blockSize {
                    throw ChannelError.malformedResponse(command: command, received: body.count, expected: blockSize)
                }
                guard !body.isEmpty else {
                    throw ChannelError.malformedResponse(command: command, received: 0, expected: blockSize ?? 1)
                }
                blockSize = body.count
                return .success(body)
            case .tagError(let code):
                return .failure(Refusal(code: code))
            case .wrongLength(let expected) where attempt == 0 && expected <= 0xFF:
                // The reader knows the block size better than the guess (or the caller) did.
                blockSize = expected
                le = UInt8(expected)
                continue
            case .wrongLength, .readerRefused:
                throw ChannelError.statusWord(sw1: sw1, sw2: sw2, command: command)
            case .readerCannot:
                throw unsupported(command, "it answered READ BINARY with \(Self.hex([sw1, sw2]))")
            }
        }
        throw ChannelError.statusWord(sw1: 0x6C, sw2: le, command: command)
    }

    private func writeBlock(_ block: Int, data: [UInt8], command: CommandLabel) async throws(ChannelError)
        -> ISO15693Response
    {
        guard block <= 0xFFFF else { return ISO15693Response(flags: 0x01, payload: [0x10]) }
        guard data.count <= 0xFF else {
            throw unsupported(command, "\(data.count) bytes do not fit one short UPDATE BINARY")
        }
        let apdu: [UInt8] = [0xFF, 0xD6, UInt8(block >> 8), UInt8(block & 0xFF), UInt8(data.count)] + data
        let (_, sw1, sw2) = try await exchange(apdu, command: command)
        switch ISO15693StatusWords.meaning(sw1: sw1, sw2: sw2, writing: true) {
        case .success: return ISO15693Response(flags: 0x00, payload: [])
        case .tagError(let code): return ISO15693Response(flags: 0x01, payload: [code])
        case .wrongLength, .readerRefused: throw ChannelError.statusWord(sw1: sw1, sw2: sw2, command: command)
        case .readerCannot: throw unsupported(command, "it answered UPDATE BINARY with \(Self.hex([sw1, sw2]))")
        }
    }

    /// One APDU: the data and the status word, or the transport's failure.
    private func exchange(_ apdu: [UInt8], command: CommandLabel) async throws(ChannelError) -> (
        [UInt8], UInt8, UInt8
    ) {
        let response: [UInt8]
        do {
            response = try await channel.transmit(apdu)
        } catch {
            throw PCSCChannelError.from(error, command: command)
        }
        // No status word at all: the card did not answer (pcscd returns nothing when vpcd's card leaves).
        guard !response.isEmpty else { throw ChannelError.tagLost(command: command) }
        guard response.count >= 2 else {
            throw ChannelError.malformedResponse(command: command, received: response.count, expected: 2)
        }
        return (Array(response.dropLast(2)), response[response.count - 2], response[response.count - 1])
    }

    static func hex(_ bytes: [UInt8]) -> String {
        Hex.encode(bytes, uppercase: true, separator: " ")
    }
}
