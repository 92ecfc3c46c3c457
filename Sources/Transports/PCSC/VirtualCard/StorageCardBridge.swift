import TagTransport
import TapCardSupport

/// The card side of a PC/SC contactless reader, in one pure step: a command APDU in, a response
/// APDU out, by driving a Type 2 tag through its raw commands.
///
/// It answers what a PC/SC Part 3 reader answers for an NTAG: `FF CA 00 00` (UID), `FF B0 00 p Le`
/// (READ BINARY, four pages per tag READ), `FF D6 00 p Lc` (UPDATE BINARY, one tag WRITE per
/// 4 bytes), the ACR122U-class pass-through `FF 00 00 00 Lc D4 42 <raw>` (answered
/// `D5 43 <status> <tag's answer> 90 00`) and its firmware query `FF 00 48 00 00`. Anything else
/// gets the status word a reader would give (`6E 00` class, `6D 00` instruction, `67 00` length).
public final class StorageCardBridge<Tag: NFCAChannel> {
    public let tag: Tag
    /// Pages in the tag's memory, to tell "out of range" (`6A 82`) from "refused" (`69 82`) when
    /// the tag NAKs. `nil`: every NAK is reported as `69 82`.
    public let totalPages: Int?

    /// The PC/SC Part 3 ATR of a MIFARE Ultralight-family card (NTAG included):
    /// `3B 8F 80 01 80 4F 0C A0 00 00 03 06 03 00 03 00 00 00 00 68` — historical bytes
    /// `80 4F 0C`, RID `A0 00 00 03 06`, standard `03` (ISO 14443 A part 3), name `00 03`, TCK `68`.
    public static var ultralightATR: [UInt8] {
        StorageCardATR.make(standard: CardKind.iso14443AStandard, cardName: 0x0003)
    }

    /// What `FF 00 48 00 00` answers (ACR122U readers answer their firmware name the same way).
    public static var firmware: [UInt8] { Array("TapCard vpcd".utf8) }

    public init(tag: Tag, totalPages: Int?) {
        self.tag = tag
        self.totalPages = totalPages
    }

    /// The response APDU to `apdu`.
    public func respond(to apdu: [UInt8]) async -> [UInt8] {
        let header: ReaderPseudoAPDU
        switch ReaderPseudoAPDU.parse(apdu) {
        case .success(let parsed): header = parsed
        case .failure(let refused): return refused.status
        }
        let (ins, p1, p2) = (header.ins, header.p1, header.p2)
        switch ins {
        case 0xCA:
            return await getData(p1: p1, le: apdu.count >= 5 ? apdu[4] : 0)
        case 0xB0:
            guard apdu.count == 5 else { return [0x67, 0x00] }
            return await readBinary(block: Int(p1) << 8 | Int(p2), le: apdu[4])
        case 0xD6:
            guard apdu.count >= 5, Int(apdu[4]) == apdu.count - 5 else { return [0x67, 0x00] }
            return await updateBinary(block: Int(p1) << 8 | Int(p2), data: Array(apdu[5...]))
        case 0x00 where p1 == 0x00 && p2 == 0x00:
            guard apdu.count >= 7, Int(apdu[4]) == apdu.count - 5 else { return [0x67, 0x00] }
            guard apdu[5] == 0xD4, apdu[6] == 0x42 else { return [0x6A, 0x81] }
            return await passThrough(Array(apdu[7...]))
        case 0x00 where p1 == 0x48:
            return Self.firmware + [0x90, 0x00]
        default:
            return [0x6D, 0x00]
        }
    }

    private func getData(p1: UInt8, le: UInt8) async -> [UInt8] {
        guard p1 == 0x00 else { return [0x6A, 0x81] }
        let pages: [UInt8]
        do {
            pages = try await tag.transceive([0x30, 0x00])
        } catch {
            return statusWord(for: error, page: 0)
        }
        guard pages.count >= 9 else { return [0x64, 0x00] }
        // Page 0: UID0 UID1 UID2 BCC0; page 1: UID3…UID6 (NTAG21x datasheet §8.5.1).
        let uid = Array(pages[0..<3]) + Array(pages[4..<8])
        if le != 0 && Int(le) < uid.count { return [0x6C, UInt8(uid.count)] }
        return uid + [0x90, 0x00]
    }

    private func readBinary(block: Int, le: UInt8) async -> [UInt8] {
        let wanted = le == 0 ? 16 : Int(le)
        guard wanted <= 16 else { return [0x6C, 0x10] }
        guard block <= 0xFF else { return [0x6A, 0x82] }
        if let totalPages, block >= totalPages { return [0x6A, 0x82] }
        do {
            let data = try await tag.transceive([0x30, UInt8(block)])
            guard data.count >= wanted else { return [0x64, 0x00] }
            return Array(data.prefix(wanted)) + [0x90, 0x00]
        } catch {
            return statusWord(for: error, page: block)
        }
    }

    private func updateBinary(block: Int, data: [UInt8]) async -> [UInt8] {
        guard !data.isEmpty, data.count % 4 == 0 else { return [0x67, 0x00] }
        let pages = data.count / 4
        guard block + pages - 1 <= 0xFF else { return [0x6A, 0x82] }
        if let totalPages, block + pages > totalPages { return [0x6A, 0x82] }
        for index in 0..<pages {
            let page = block + index
            do {
                let answer = try await tag.transceive([0xA2, UInt8(page)] + data[(index * 4)..<(index * 4 + 4)])
                guard answer == [0x0A] else { return [0x63, 0x00] }
            } catch {
                return statusWord(for: error, page: page)
            }
        }
        return [0x90, 0x00]
    }

    private func passThrough(_ command: [UInt8]) async -> [UInt8] {
        guard !command.isEmpty else { return [0x67, 0x00] }
        do {
            let answer = try await tag.transceive(command)
            return [0xD5, 0x43, 0x00] + answer + [0x90, 0x00]
        } catch .nak(let code, _) {
            // The PN53x hands the 4-bit NAK through as one byte.
            return [0xD5, 0x43, 0x00, code, 0x90, 0x00]
        } catch .timeout, .tagLost, .noTag {
            // PN53x status 0x01: the target did not answer in time.
            return [0xD5, 0x43, 0x01, 0x90, 0x00]
        } catch {
            return [0xD5, 0x43, 0x7F, 0x90, 0x00]
        }
    }

    private func statusWord(for error: ChannelError, page: Int) -> [UInt8] {
        switch error {
        case .nak:
            if let totalPages, page >= totalPages { return [0x6A, 0x82] }
            return [0x69, 0x82]
        case .statusWord(let sw1, let sw2, _):
            return [sw1, sw2]
        default:
            // Execution error, memory unchanged or not known: "no information given".
            return [0x64, 0x00]
        }
    }
}
