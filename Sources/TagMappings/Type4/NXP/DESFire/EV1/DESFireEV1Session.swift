import Ciphers
import TagFrames

/// The reader's side of MIFARE DESFire EV1 secure messaging after AuthenticateAES: one AES session
/// key and one running IV that every command and answer moves on. Written from libfreefare's
/// `mifare_cryto_preprocess_data`/`postprocess_data` (AS_NEW) and Elmue's "DESFire EV1
/// communication examples", which agree on every rule used here:
///
/// - The IV starts at zero when the session key is made, and is never reset afterwards.
/// - CMAC: AES-CMAC (NIST SP 800-38B subkeys) computed as a CBC chain that starts from the running
///   IV instead of zero; the 16-byte result becomes the IV ("the CMAC is a copy of the IV of the
///   session key").
/// - A plain command (CreateApplication, CreateStdDataFile, WriteData to a plain file, a
///   ChangeFileSettings whose Change right is free) goes as it is: its CMAC over INS ‖ parameters
///   is computed only to move the IV, and is not sent.
/// - An enciphered command (ChangeFileSettings whose Change right is a key): the data after the
///   header, followed by the DESFire CRC32 (JAMCRC: zlib's CRC without the final inversion, LSB
///   first) over INS ‖ header ‖ data, padded with zeros to 16 bytes, enciphered in CBC from the
///   running IV; the IV becomes the last cipher block.
/// - Every successful answer in the session carries the first 8 bytes of the CMAC over its data ‖
///   the status byte `00`; we check it, and the full CMAC becomes the IV.
/// - Any error status ends the session (the card forgets it; the caller drops this value).
public struct DESFireEV1Session: Sendable {
    /// The key proven (its number at the level it was proven at).
    public let keyNumber: UInt8
    /// The IV the next CBC operation starts from (zero right after authentication).
    public private(set) var iv: [UInt8]
    private let cipher: AES128
    private let subkey1: [UInt8]
    private let subkey2: [UInt8]

    /// A session under `sessionKey` (16 bytes), its IV at zero.
    public init(keyNumber: UInt8, sessionKey: [UInt8]) throws(NTAG424SecureError) {
        guard sessionKey.count == 16 else {
            throw .wrongLength(what: "session key", bytes: sessionKey.count, expected: 16)
        }
        do {
            cipher = try AES128(key: sessionKey)
            let cmac = try AESCMAC(key: sessionKey)
            subkey1 = cmac.subkey1
            subkey2 = cmac.subkey2
        } catch { throw .cipher(error) }
        self.keyNumber = keyNumber
        iv = [UInt8](repeating: 0, count: 16)
    }

    /// The CMAC of `message` chained on the running IV (16 bytes); the IV becomes it.
    public mutating func cmac(_ message: [UInt8]) -> [UInt8] {
        var blocks = message
        let complete = !message.isEmpty && message.count % 16 == 0
        if !complete {
            blocks.append(0x80)
            blocks += [UInt8](repeating: 0, count: (16 - blocks.count % 16) % 16)
        }
        let subkey = complete ? subkey1 : subkey2
        for index in 0..<16 { blocks[blocks.count - 16 + index] ^= subkey[index] }
        // Whole blocks and a 16-byte IV: encryptCBC cannot refuse them.
        let chained = (try? cipher.encryptCBC(blocks, iv: iv)) ?? []
        iv = Array(chained.suffix(16))
        return iv
    }

    /// A command sent plain in the session: `90 INS 00 00 Lc data 00`, the IV moved by its CMAC.
    public mutating func plain(ins: UInt8, data: [UInt8]) -> CommandAPDU {
        _ = cmac([ins] + data)
        return CommandAPDU(cla: 0x90, ins: ins, p1: 0, p2: 0, data: data, le: 256)
    }

    /// A command whose `data` after `header` travels enciphered with its CRC32.
    public mutating func enciphered(ins: UInt8, header: [UInt8], data: [UInt8]) -> CommandAPDU {
        var plain = data + CRC32.ntag424([ins] + header + data)
        plain += [UInt8](repeating: 0, count: (16 - plain.count % 16) % 16)
        let sent = (try? cipher.encryptCBC(plain, iv: iv)) ?? []
        iv = Array(sent.suffix(16))
        return CommandAPDU(cla: 0x90, ins: ins, p1: 0, p2: 0, data: header + sent, le: 256)
    }

    /// Checks an answer to `ins` in the session: `91 00` with data ‖ CMAC (8 bytes) over data ‖
    /// `00`. Returns the data. A refusal or a CMAC that does not match throws (the session is over).
    public mutating func verify(_ response: ResponseAPDU, ins: UInt8) throws(NTAG424SecureError) -> [UInt8] {
        guard response.status == .nativeSuccess else { throw .refused(ins: ins, status: response.status) }
        guard response.data.count >= 8 else {
            throw .unexpectedResponse(ins: ins, bytes: response.data.count, expected: "at least 8 (the CMAC)")
        }
        let data = Array(response.data.dropLast(8))
        let expected = Array(cmac(data + [0x00]).prefix(8))
        guard ConstantTime.equal(expected, Array(response.data.suffix(8))) else { throw .responseMACMismatch(ins: ins) }
        return data
    }
}
