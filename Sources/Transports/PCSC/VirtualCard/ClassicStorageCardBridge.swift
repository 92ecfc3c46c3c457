import TagFrames
import TagTransport

/// The card side of a PC/SC contactless reader for a MIFARE Classic card, in one pure step: a
/// command APDU in, a response APDU out, by driving any ``/TagTransport/ClassicChannel`` (the
/// emulated Classic 1K/4K, a fake in tests). It plays the reader's firmware: it keeps the key
/// slots the host loads, runs the authentication with the card (whose keys and access bits
/// decide) and carries reads and writes. It is the mirror of ``PCSCClassicChannel``.
///
/// It answers what a PC/SC Part 3 reader answers for a Classic card:
/// - `FF CA 00 00 Le` GET DATA → the UID (Le shorter than the UID → `6C len`; P1 ≠ 00 → `6A 81`);
/// - `FF 82 00 slot 06 key` LOAD KEYS → `90 00`; a key structure other than `00` (volatile) or
///   another length → `69 86`/`67 00`; a slot the reader lacks → `63 00` (as the card answers);
/// - `FF 86 00 00 05 01 00 block 60|61 slot` GENERAL AUTHENTICATE, and the older
///   `FF 88 00 block 60|61 slot` AUTHENTICATE (ACR122U) → `90 00`, or `63 00` for a key the
///   card refuses;
/// - `FF B0 00 block Le` READ BINARY (Le `00` or `10`; else `6C 10`) and `FF D6 00 block 10 data`
///   UPDATE BINARY (Lc other than 16 → `67 00`) → the card's answer, or `69 82` where the block is
///   not authenticated or its access bits refuse, `6A 82` past the card;
/// - a card that left the field → an empty answer, which the host side reads as a lost card;
/// - anything else → `6E 00` (class), `6D 00` (instruction), `67 00` (length), as readers do; an
///   ISO 7816 SELECT → `6A 82` (a storage card has no files).
///
/// Serve it with ``VirtualCardServer`` and the ATR ``atr(cardName:)``.
public final class ClassicStorageCardBridge<Card: ClassicChannel> {
    public let card: Card

    public init(card: Card) {
        self.card = card
    }

    /// The PC/SC Part 3 ATR of a MIFARE Classic card: `3B 8F 80 01 80 4F 0C A0 00 00 03 06 03 NN
    /// NN 00 00 00 00 TCK`, standard `03` (ISO 14443 A part 3), card name `00 01` (1K) or `00 02`
    /// (4K), TCK the XOR of T0 … the last historical byte (ISO/IEC 7816-3 §8.2.5): `6A` for 1K,
    /// `69` for 4K, as pcsc-tools' `smartcard_list.txt` lists them.
    public static func atr(cardName: UInt16) -> [UInt8] {
        StorageCardATR.make(standard: CardKind.iso14443AStandard, cardName: cardName)
    }

    /// The response APDU to `apdu`; empty when the card left the field.
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
            guard p1 == 0x00, p2 == 0x00 else { return [0x6A, 0x81] }
            let le = apdu.count == 5 ? Int(apdu[4]) : 0
            if le != 0, le < card.uid.count { return [0x6C, UInt8(card.uid.count)] }
            return card.uid + [0x90, 0x00]
        case 0x82:
            guard apdu.count == 11, apdu[4] == 0x06 else { return [0x67, 0x00] }
            guard p1 == 0x00 else { return [0x69, 0x86] }
            return await answer { () async throws(ChannelError) in try await card.loadKey(Array(apdu[5...]), slot: p2) }
        case 0x86:
            guard apdu.count == 10, apdu[4] == 0x05 else { return [0x67, 0x00] }
            guard apdu[5] == 0x01 else { return [0x6A, 0x80] }
            return await authenticate(
                block: Int(apdu[6]) << 8 | Int(apdu[7]), keyType: apdu[8], slot: apdu[9])
        case 0x88:
            guard apdu.count == 6 || apdu.count == 5 else { return [0x67, 0x00] }
            return await authenticate(block: Int(p2), keyType: apdu[4], slot: apdu.count == 6 ? apdu[5] : 0)
        case 0xB0:
            guard apdu.count == 5 else { return [0x67, 0x00] }
            guard apdu[4] == 0x00 || apdu[4] == 0x10 else { return [0x6C, 0x10] }
            var data: [UInt8] = []
            let status = await answer { () async throws(ChannelError) in data = try await card.readBlock(block) }
            return status == [0x90, 0x00] ? data + status : status
        case 0xD6:
            guard apdu.count == 21, apdu[4] == 0x10 else { return [0x67, 0x00] }
            return await answer { () async throws(ChannelError) in try await card.writeBlock(block, Array(apdu[5...])) }
        default:
            return [0x6D, 0x00]
        }
    }

    private func authenticate(block: Int, keyType: UInt8, slot: UInt8) async -> [UInt8] {
        let role: ClassicKeyRole
        switch keyType {
        case 0x60: role = .a
        case 0x61: role = .b
        default: return [0x6A, 0x80]
        }
        return await answer { () async throws(ChannelError) in
            try await card.authenticate(block: block, role: role, slot: slot)
        }
    }

    /// `90 00` when `operation` succeeds; its failure as the status word a reader gives.
    private func answer(_ operation: () async throws(ChannelError) -> Void) async -> [UInt8] {
        do {
            try await operation()
            return [0x90, 0x00]
        } catch {
            switch error {
            case .statusWord(let sw1, let sw2, _): return [sw1, sw2]
            case .tagLost, .noTag, .timeout: return []
            case .unsupported: return [0x6A, 0x81]
            default: return [0x64, 0x00]
            }
        }
    }
}
