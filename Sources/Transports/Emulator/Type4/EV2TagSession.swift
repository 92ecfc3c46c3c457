import Ciphers

/// The tag's side of an authenticated EV2 (AES) session of an emulated NTAG 424 DNA: the key it
/// was authenticated with, the transaction identifier, the command counter and the two session
/// keys, with the cryptography of secure messaging (NTAG 424 DNA datasheet §9.1.1–§9.1.10;
/// shared/reference/type4-type5-ntag424.md §2.4–§2.5). Written from the datasheet, not shared
/// with the reader's side in module Type4, so that each can catch the other's mistakes.
///
/// - Session keys (§9.1.7): SV1 = A5 5A 00 01 00 80 ‖ RndA[0..1] ‖ (RndA[2..7] ⊕ RndB[0..5]) ‖
///   RndB[6..15] ‖ RndA[8..15] (bytes numbered from the first sent), SV2 the same after 5A A5;
///   SesAuthENCKey = CMAC(K, SV1), SesAuthMACKey = CMAC(K, SV2).
/// - MACt (§9.1.3): the bytes 1, 3, …, 15 of the 16-byte CMAC ("even-numbered bytes in most to
///   least significant order").
/// - Command MAC input: INS ‖ CmdCtr (LSB first) ‖ TI ‖ header ‖ data (enciphered in FULL);
///   response MAC input: SC ‖ CmdCtr ‖ TI ‖ data, with the counter already incremented (§9.1.9).
/// - FULL (§9.1.4): IVc = E(SesAuthENCKey, A5 5A ‖ TI ‖ CmdCtr ‖ 00×8), IVr the same after 5A A5
///   with the incremented counter; AES-CBC with ISO/IEC 9797-1 method 2 padding.
struct EV2TagSession: Sendable {
    /// The key the reader proved (0…4).
    let keyNumber: UInt8
    /// TI, chosen by the tag in AuthenticateEV2First.
    let transactionIdentifier: [UInt8]
    /// CmdCtr: command/response pairs since AuthenticateEV2First.
    var commandCounter: UInt16
    let encryptionKey: [UInt8]
    let macKey: [UInt8]
    private let encryption: AES128
    private let mac: AESCMAC

    /// A session from its parts; `nil` when a key or the TI has the wrong length.
    init?(
        keyNumber: UInt8, transactionIdentifier: [UInt8], commandCounter: UInt16, encryptionKey: [UInt8],
        macKey: [UInt8]
    ) {
        guard transactionIdentifier.count == 4, let encryption = try? AES128(key: encryptionKey),
            let mac = try? AESCMAC(key: macKey, backend: .swift)
        else { return nil }
        self.keyNumber = keyNumber
        self.transactionIdentifier = transactionIdentifier
        self.commandCounter = commandCounter
        self.encryptionKey = encryptionKey
        self.macKey = macKey
        self.encryption = encryption
        self.mac = mac
    }

    /// The session an authentication with `key` (16 bytes), `rndA` and `rndB` (16 bytes each)
    /// establishes; `nil` on a wrong length.
    init?(
        keyNumber: UInt8, key: [UInt8], rndA: [UInt8], rndB: [UInt8], transactionIdentifier: [UInt8],
        commandCounter: UInt16
    ) {
        guard rndA.count == 16, rndB.count == 16, let cmac = try? AESCMAC(key: key, backend: .swift) else { return nil }
        self.init(
            keyNumber: keyNumber, transactionIdentifier: transactionIdentifier, commandCounter: commandCounter,
            encryptionKey: cmac.mac(Self.sessionVector([0xA5, 0x5A], rndA: rndA, rndB: rndB)),
            macKey: cmac.mac(Self.sessionVector([0x5A, 0xA5], rndA: rndA, rndB: rndB)))
    }

    /// SV1 (`label` A5 5A) or SV2 (5A A5), 32 bytes; `rndA` and `rndB` have 16 bytes.
    static func sessionVector(_ label: [UInt8], rndA: [UInt8], rndB: [UInt8]) -> [UInt8] {
        var vector = label + [0x00, 0x01, 0x00, 0x80]
        vector += rndA[0..<2]
        for index in 0..<6 { vector.append(rndA[2 + index] ^ rndB[index]) }
        vector += rndB[6..<16]
        vector += rndA[8..<16]
        return vector
    }

    /// Rotation left by one byte (RndA', RndB' of the datasheet).
    static func rotateLeft(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.dropFirst()) + bytes.prefix(1) }

    private static func littleEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    /// MACt of `message` under SesAuthMACKey.
    func truncatedMAC(_ message: [UInt8]) -> [UInt8] {
        let full = mac.mac(message)
        return stride(from: 1, to: 16, by: 2).map { full[$0] }
    }

    /// The MACt a command `ins` with `body` (header ‖ data as sent) must carry at the current counter.
    func commandMAC(ins: UInt8, body: [UInt8]) -> [UInt8] {
        truncatedMAC([ins] + Self.littleEndian(commandCounter) + transactionIdentifier + body)
    }

    /// The MACt of a response with return code `code` and `data` as sent, at the current
    /// (already incremented) counter.
    func responseMAC(code: UInt8, data: [UInt8]) -> [UInt8] {
        truncatedMAC([code] + Self.littleEndian(commandCounter) + transactionIdentifier + data)
    }

    private func initialisationVector(_ label: [UInt8]) -> [UInt8]? {
        try? encryption.encrypt(
            block: label + transactionIdentifier + Self.littleEndian(commandCounter) + [UInt8](repeating: 0, count: 8))
    }

    /// The command data of a FULL command deciphered with IVc at the current counter and its
    /// padding removed strictly; `nil` when it is not whole blocks or the padding is wrong.
    func decipherCommand(_ data: [UInt8]) -> [UInt8]? {
        guard let iv = initialisationVector([0xA5, 0x5A]), let plain = try? encryption.decryptCBC(data, iv: iv) else {
            return nil
        }
        return try? ISO9797Padding.unpad(plain)
    }

    /// Response data of a FULL response, padded and enciphered with IVr at the current
    /// (already incremented) counter.
    func encipherResponse(_ data: [UInt8]) -> [UInt8] {
        guard let iv = initialisationVector([0x5A, 0xA5]),
            let enciphered = try? encryption.encryptCBC(ISO9797Padding.pad(data), iv: iv)
        else { return [] }
        return enciphered
    }
}
