import TagFrames
import TagTransport

/// The card side of a PC/SC contactless reader for an ISO 15693 tag, in one pure step: a command
/// APDU in, a response APDU out, by driving any ``/TagTransport/ISO15693Channel`` (an emulated
/// ICODE SLIX2 or ST25DV04K, a fake in tests) through READ and WRITE SINGLE BLOCK. It is the
/// mirror of ``PCSCISO15693Channel``: what one sends, the other answers.
///
/// It answers what a PC/SC Part 3 reader answers for an ISO 15693 storage card:
/// - `FF CA 00 00 Le` GET DATA → the 8-byte UID in ``uidOrder`` (LSB first by default, the air's
///   order; see ``PCSCISO15693Channel/normalisedUID(_:)`` for why both orders are read back);
///   Le shorter than 8 → `6C 08`; P1 ≠ 00 → `6A 81`.
/// - `FF B0 P1 P2 Le` READ BINARY → READ SINGLE BLOCK of block P1 P2 (EXTENDED READ `30` above
///   255); Le `00` → the whole block, Le = the block size → the block, any other Le → `6C bs`.
/// - `FF D6 P1 P2 Lc data` UPDATE BINARY → WRITE SINGLE BLOCK (EXTENDED `31` above 255); Lc must
///   be the block size (`67 00` otherwise).
/// - The tag's error codes → status words per ``ISO15693StatusWords``; a tag that left the field
///   → an empty answer, which the reader side reads as a lost tag.
/// - Anything else → `6E 00` (class), `6D 00` (instruction), `67 00` (length), as readers do; an
///   ISO 7816 SELECT → `6A 82` (a storage card has no files).
///
/// Serve it with ``VirtualCardServer``, the ATR ``atr(cardName:)``, and `respond(to:)` as the
/// responder: `server.serve(apduLimit:shouldStop:onReset:respond: bridge.respond(to:))`;
/// `onReset` is where the chip starts a new RF session (vpcd's power on and reset).
public final class ISO15693StorageCardBridge<Chip: ISO15693Channel> {
    /// The byte order of the UID GET DATA returns.
    public enum UIDOrder: Sendable, Equatable {
        /// `… 04 E0`: as the air sends it.
        case lsbFirst
        /// `E0 04 …`: as it is written.
        case msbFirst
    }

    public let chip: Chip
    public let uidOrder: UIDOrder
    /// Bytes per block: given, or learnt from the chip's first READ SINGLE BLOCK answer.
    public private(set) var blockSize: Int?

    public init(chip: Chip, blockSize: Int? = nil, uidOrder: UIDOrder = .lsbFirst) {
        self.chip = chip
        self.blockSize = blockSize
        self.uidOrder = uidOrder
    }

    /// The PC/SC Part 3 ATR of an ISO 15693 part 3 storage card:
    /// `3B 8F 80 01 80 4F 0C A0 00 00 03 06 0B NN NN 00 00 00 00 TCK` — standard `0B`, card name
    /// `NN NN`, TCK the XOR of T0 … the last historical byte (ISO/IEC 7816-3 §8.2.5). For name
    /// `00 14` (NXP ICODE) that is `… 0B 00 14 00 00 00 00 77`, as pcsc-tools' `smartcard_list.txt`
    /// lists it.
    public static func atr(cardName: UInt16) -> [UInt8] {
        StorageCardATR.make(standard: CardKind.iso15693Standard, cardName: cardName)
    }

    /// The PC/SC card name a reader would report for a tag with this UID (`E0` first), by its IC
    /// manufacturer byte: `04` NXP → `00 14` (ICODE), `07` Texas Instruments → `00 12` (Tag-it),
    /// `05` Infineon → `00 0E`, anything else (ST `02` included) → `00 00`. The names come from
    /// `smartcard_list.txt`; which name a given reader gives an ICODE SLIX2 or an ST25DV is
    /// UNVERIFIED.
    public static func cardName(forUID uid: [UInt8]) -> UInt16 {
        guard uid.count >= 2 else { return 0x0000 }
        switch uid[1] {
        case 0x04: return 0x0014
        case 0x07: return 0x0012
        case 0x05: return 0x000E
        default: return 0x0000
        }
    }

    /// The response APDU to `apdu`; empty when the tag left the field.
    public func respond(to apdu: [UInt8]) async -> [UInt8] {
        let header: ReaderPseudoAPDU
        switch ReaderPseudoAPDU.parse(apdu) {
        case .success(let parsed): header = parsed
        case .failure(let refused): return refused.status
        }
        let (ins, p1, p2) = (header.ins, header.p1, header.p2)
        let block = header.address
        switch ins {
        case 0xCA:
            guard apdu.count <= 5 else { return [0x67, 0x00] }
            return getData(p1: p1, p2: p2, le: apdu.count == 5 ? apdu[4] : 0)
        case 0xB0:
            guard apdu.count == 5 else { return [0x67, 0x00] }
            return await readBinary(block: block, le: Int(apdu[4]))
        case 0xD6:
            guard apdu.count >= 6, Int(apdu[4]) == apdu.count - 5 else { return [0x67, 0x00] }
            return await updateBinary(block: block, data: Array(apdu[5...]))
        default:
            return [0x6D, 0x00]
        }
    }

    private func getData(p1: UInt8, p2: UInt8, le: UInt8) -> [UInt8] {
        guard p1 == 0x00, p2 == 0x00 else { return [0x6A, 0x81] }
        let uid = uidOrder == .lsbFirst ? Array(chip.uid.reversed()) : chip.uid
        if le != 0, Int(le) < uid.count { return [0x6C, UInt8(truncatingIfNeeded: uid.count)] }
        return uid + [0x90, 0x00]
    }

    private func readBinary(block: Int, le: Int) async -> [UInt8] {
        if let blockSize, le != 0, le != blockSize { return [0x6C, UInt8(truncatingIfNeeded: blockSize)] }
        let request =
            block <= 0xFF
            ? ISO15693Request(command: 0x20, parameters: [UInt8(block)])
            : ISO15693Request(command: 0x30, parameters: [UInt8(block & 0xFF), UInt8(block >> 8)])
        let response: ISO15693Response
        do {
            response = try await chip.send(request)
        } catch {
            return Self.statusWord(for: error)
        }
        if let code = response.errorCode { return ISO15693StatusWords.statusWord(forError: code) }
        if response.isError { return [0x64, 0x00] }
        let data = response.payload
        guard !data.isEmpty, data.count <= 0xFF else { return [0x64, 0x00] }
        if blockSize == nil { blockSize = data.count }
        if le != 0, le != data.count { return [0x6C, UInt8(data.count)] }
        return data + [0x90, 0x00]
    }

    private func updateBinary(block: Int, data: [UInt8]) async -> [UInt8] {
        if let blockSize, data.count != blockSize { return [0x67, 0x00] }
        let request =
            block <= 0xFF
            ? ISO15693Request(command: 0x21, parameters: [UInt8(block)] + data)
            : ISO15693Request(command: 0x31, parameters: [UInt8(block & 0xFF), UInt8(block >> 8)] + data)
        let response: ISO15693Response
        do {
            response = try await chip.send(request)
        } catch {
            return Self.statusWord(for: error)
        }
        if let code = response.errorCode { return ISO15693StatusWords.statusWord(forError: code) }
        if response.isError { return [0x64, 0x00] }
        return [0x90, 0x00]
    }

    /// A channel failure behind the card: a departed tag is no card (empty); a command the chip's
    /// channel cannot carry is "function not supported"; the rest is an execution error.
    private static func statusWord(for error: ChannelError) -> [UInt8] {
        switch error {
        case .tagLost, .noTag, .timeout: []
        case .unsupported: [0x6A, 0x81]
        default: [0x64, 0x00]
        }
    }
}
