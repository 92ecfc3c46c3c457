import TagFrames
import TagTransport

/// The card side of a PC/SC contactless reader for an ISO 14443-4 (ISO-DEP) tag, in one pure step:
/// a command APDU in, the tag's response APDU out, as a reader passes APDUs to such a card
/// unchanged. The reader's own `FF CA 00 00 00` (GET DATA: UID) is answered here, as readers do
/// for every contactless card; other `FF` pseudo-APDUs get `6A 81` (function not supported: an
/// ISO-DEP card has no storage-card commands).
public final class ISODepBridge<Tag: ISODepChannel> {
    public let tag: Tag
    public let uid: [UInt8]

    public init(tag: Tag, uid: [UInt8]) {
        self.tag = tag
        self.uid = uid
    }

    /// The ATR PC/SC Part 3 (§3.1.3.2.3.1) gives an ISO 14443-4 type A card: `3B 8n 80 01`, the
    /// historical bytes of its ATS, and TCK (the XOR of every byte from T0 on). For the NTAG 424
    /// DNA's ATS `06 77 77 71 02 80` that is `3B 81 80 01 80 80`.
    public static func atr(ats: [UInt8]) -> [UInt8] {
        let historical = historicalBytes(ofATS: ats)
        let body: [UInt8] = [0x80 | UInt8(historical.count), 0x80, 0x01] + historical
        let tck = body.reduce(0, ^)
        return [0x3B] + body + [tck]
    }

    /// The historical bytes of an ATS (ISO/IEC 14443-4 §5.2): after TL, T0 and the interface bytes
    /// T0 announces; at most 15 (an ATR holds no more).
    static func historicalBytes(ofATS ats: [UInt8]) -> [UInt8] {
        guard ats.count >= 2 else { return [] }
        let t0 = ats[1]
        var index = 2
        if t0 & 0x10 != 0 { index += 1 }
        if t0 & 0x20 != 0 { index += 1 }
        if t0 & 0x40 != 0 { index += 1 }
        let end = min(Int(ats[0]), ats.count)
        guard index < end else { return [] }
        return Array(ats[index..<end].prefix(15))
    }

    /// The response APDU to `apdu`; empty when the tag left the field (vpcd then reports no card).
    public func respond(to apdu: [UInt8]) async -> [UInt8] {
        let command: CommandAPDU
        switch CommandAPDU.parse(apdu) {
        case .success(let parsed): command = parsed
        case .failure: return [0x67, 0x00]
        }
        if command.cla == 0xFF {
            if command.ins == 0xCA, command.p1 == 0x00, command.p2 == 0x00 { return uid + [0x90, 0x00] }
            return [0x6A, 0x81]
        }
        do {
            return try await tag.transmit(command).bytes
        } catch {
            return []
        }
    }
}
