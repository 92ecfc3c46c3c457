import Ciphers

/// The card's side of MIFARE DESFire EV1 secure messaging after AuthenticateAES (`AA`): the
/// session key RndA[0..3] ‖ RndB[0..3] ‖ RndA[12..15] ‖ RndB[12..15] and one running IV, zero
/// when the session starts (libfreefare `mifare_desfire_session_key_new` and its `ivect`; Elmue's
/// "DESFire EV1 communication examples"). Written apart from module Type4's reader side
/// (`DESFireEV1Session`) so that each can catch the other's mistakes.
///
/// - CMAC: the NIST SP 800-38B subkeys, the CBC chain started from the running IV; the 16-byte
///   result becomes the IV. Computed over every command in the session (INS ‖ data as sent,
///   nothing appended by the reader) and over every successful answer's data ‖ `00`, whose first
///   8 bytes go back after the data.
/// - Enciphered command data: deciphered in CBC from the running IV; the IV becomes the last
///   cipher block received.
struct EV1TagSession: Sendable {
    /// The key the reader proved.
    let keyNumber: UInt8
    var iv: [UInt8]
    private let cipher: AES128
    private let subkey1: [UInt8]
    private let subkey2: [UInt8]

    /// `nil` when the key is not 16 bytes.
    init?(keyNumber: UInt8, sessionKey: [UInt8]) {
        guard let cipher = try? AES128(key: sessionKey), let cmac = try? AESCMAC(key: sessionKey, backend: .swift)
        else { return nil }
        self.keyNumber = keyNumber
        self.cipher = cipher
        subkey1 = cmac.subkey1
        subkey2 = cmac.subkey2
        iv = [UInt8](repeating: 0, count: 16)
    }

    /// The session key of an authentication with `rndA` and `rndB` (16 bytes each).
    static func sessionKey(rndA: [UInt8], rndB: [UInt8]) -> [UInt8] {
        Array(rndA.prefix(4)) + rndB.prefix(4) + rndA.suffix(4) + rndB.suffix(4)
    }

    /// The CMAC of `message` from the running IV; the IV becomes it.
    mutating func cmac(_ message: [UInt8]) -> [UInt8] {
        let complete = !message.isEmpty && message.count % 16 == 0
        var blocks = message
        if !complete {
            blocks.append(0x80)
            while blocks.count % 16 != 0 { blocks.append(0x00) }
        }
        let subkey = complete ? subkey1 : subkey2
        for index in 0..<16 { blocks[blocks.count - 16 + index] ^= subkey[index] }
        guard let chained = try? cipher.encryptCBC(blocks, iv: iv) else { return iv }
        iv = Array(chained.suffix(16))
        return iv
    }

    /// `data` (whole blocks) deciphered from the running IV; `nil` when it is not whole blocks.
    mutating func decipher(_ data: [UInt8]) -> [UInt8]? {
        guard !data.isEmpty, let plain = try? cipher.decryptCBC(data, iv: iv) else { return nil }
        iv = Array(data.suffix(16))
        return plain
    }
}
