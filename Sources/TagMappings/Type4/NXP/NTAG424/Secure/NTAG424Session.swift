import Ciphers
import TagFrames

/// An authenticated NTAG 424 DNA session on the reader's side (EV2 secure messaging, AES): the
/// transaction identifier, the command counter and the two session keys, and the wrapping of
/// commands and unwrapping of responses in the three communication modes. A value: it sends
/// nothing, and each exchange is one ``wrap(ins:header:data:mode:)`` followed by one
/// ``unwrap(_:mode:)`` (NTAG 424 DNA datasheet, secure messaging; AN12196 §5.3, §6.12, §7.3;
/// shared/reference/type4-type5-ntag424.md §2.5).
///
/// - MACt is the 8 odd-indexed bytes (1, 3, …, 15) of the 16-byte CMAC under SesAuthMACKey.
/// - Command MAC input: INS ‖ CmdCtr (2 bytes, LSB first) ‖ TI ‖ header ‖ data (data enciphered in
///   FULL mode). Response MAC input: SC ‖ (CmdCtr + 1) ‖ TI ‖ response data (enciphered in FULL).
/// - FULL: IVc = E(SesAuthENCKey, A5 5A ‖ TI ‖ CmdCtr ‖ 00×8), IVr = E(…, 5A A5 ‖ TI ‖ CmdCtr + 1 ‖
///   00×8), AES-CBC over the data with ISO/IEC 9797-1 method 2 padding; the header stays plain.
/// - The command counter goes up by one per command/response pair that ends in `91 00`, in every
///   mode including plain. After an error status the counter is left alone and the caller should
///   authenticate again: whether the tag keeps the session after every error code is UNVERIFIED.
public struct NTAG424Session: Sendable {
    /// The key the session was authenticated with (0…4).
    public let keyNumber: UInt8
    /// TI, 4 bytes, chosen by the tag in AuthenticateEV2First.
    public let transactionIdentifier: [UInt8]
    /// CmdCtr, the number of completed command/response pairs since AuthenticateEV2First.
    public private(set) var commandCounter: UInt16
    /// SesAuthENCKey.
    public let encryptionKey: [UInt8]
    /// SesAuthMACKey.
    public let macKey: [UInt8]
    /// PDcap2 and PCDcap2 from the last AuthenticateEV2First (6 bytes each; empty when unknown).
    public let pdCap2: [UInt8]
    public let pcdCap2: [UInt8]
    /// The instruction wrapped and not yet unwrapped.
    public private(set) var pendingInstruction: UInt8?

    let encryption: AES128
    let mac: AESCMAC

    /// A session from its parts: what AuthenticateEV2 derives, or one resumed from a transcript.
    public init(
        keyNumber: UInt8, transactionIdentifier: [UInt8], commandCounter: UInt16, encryptionKey: [UInt8],
        macKey: [UInt8], pdCap2: [UInt8] = [], pcdCap2: [UInt8] = []
    ) throws(NTAG424SecureError) {
        guard keyNumber <= 4 else { throw .noSuchKey(keyNumber) }
        guard transactionIdentifier.count == 4 else {
            throw .wrongLength(what: "transaction identifier", bytes: transactionIdentifier.count, expected: 4)
        }
        guard encryptionKey.count == 16 else {
            throw .wrongLength(what: "session encryption key", bytes: encryptionKey.count, expected: 16)
        }
        guard macKey.count == 16 else { throw .wrongLength(what: "session MAC key", bytes: macKey.count, expected: 16) }
        self.keyNumber = keyNumber
        self.transactionIdentifier = transactionIdentifier
        self.commandCounter = commandCounter
        self.encryptionKey = encryptionKey
        self.macKey = macKey
        self.pdCap2 = pdCap2
        self.pcdCap2 = pcdCap2
        do {
            encryption = try AES128(key: encryptionKey)
            mac = try AESCMAC(key: macKey)
        } catch { throw .cipher(error) }
    }

    private static func littleEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    /// MACt: the odd-indexed bytes of the CMAC of `message` under SesAuthMACKey.
    func truncatedMAC(_ message: [UInt8]) -> [UInt8] {
        let full = mac.mac(message)
        return stride(from: 1, to: 16, by: 2).map { full[$0] }
    }

    /// IVc (`label` A5 5A) or IVr (5A A5) for the counter value `counter`.
    func initialisationVector(_ label: [UInt8], counter: UInt16) throws(NTAG424SecureError) -> [UInt8] {
        let input = label + transactionIdentifier + Self.littleEndian(counter) + [UInt8](repeating: 0, count: 8)
        do { return try encryption.encrypt(block: input) } catch { throw .cipher(error) }
    }

    /// The ISO-wrapped native command `90 <INS> 00 00 <Lc> header ‖ data' ‖ [MACt] 00`, where
    /// data' is `data` enciphered in FULL mode; MACt is added in MAC and FULL modes. Marks the
    /// exchange as outstanding until ``unwrap(_:mode:)``.
    public mutating func wrap(ins: UInt8, header: [UInt8] = [], data: [UInt8] = [], mode: NTAG424CommMode)
        throws(NTAG424SecureError) -> CommandAPDU
    {
        if let pending = pendingInstruction { throw .exchangeInProgress(ins: pending) }
        guard commandCounter < 0xFFFF else { throw .counterExhausted }
        var body = header
        switch mode {
        case .plain:
            body += data
        case .mac, .full:
            var payload = data
            if mode == .full && !data.isEmpty {
                let iv = try initialisationVector([0xA5, 0x5A], counter: commandCounter)
                do {
                    payload = try encryption.encryptCBC(ISO9797Padding.pad(data), iv: iv)
                } catch { throw .cipher(error) }
            }
            body += payload
            body += truncatedMAC([ins] + Self.littleEndian(commandCounter) + transactionIdentifier + body)
        }
        pendingInstruction = ins
        return CommandAPDU(cla: 0x90, ins: ins, p1: 0, p2: 0, data: body, le: 256)
    }

    /// The plain response data of the outstanding exchange: checks the status (`91 00`), counts
    /// the exchange, then in MAC and FULL modes verifies MACt in constant time and, in FULL mode,
    /// deciphers with IVr and removes the padding strictly. A FULL response of MACt alone (as
    /// ChangeFileSettings and ChangeKey answer) gives no data.
    public mutating func unwrap(_ response: ResponseAPDU, mode: NTAG424CommMode) throws(NTAG424SecureError) -> [UInt8] {
        guard let ins = pendingInstruction else { throw .noExchangeInProgress }
        pendingInstruction = nil
        guard response.status == .nativeSuccess else { throw .refused(ins: ins, status: response.status) }
        // The tag counted this exchange when it answered 91 00, whatever we make of the answer.
        commandCounter &+= 1
        if mode == .plain { return response.data }
        let data = response.data
        guard data.count >= 8 else {
            throw .unexpectedResponse(ins: ins, bytes: data.count, expected: "at least 8 (MACt)")
        }
        let body = Array(data[..<(data.count - 8)])
        let received = Array(data[(data.count - 8)...])
        let expected = truncatedMAC(
            [response.status.sw2] + Self.littleEndian(commandCounter) + transactionIdentifier + body)
        guard ConstantTime.equal(expected, received) else { throw .responseMACMismatch(ins: ins) }
        guard mode == .full, !body.isEmpty else { return body }
        guard body.count % 16 == 0 else {
            throw .unexpectedResponse(
                ins: ins, bytes: data.count, expected: "MACt after a whole number of 16-byte enciphered blocks")
        }
        let iv = try initialisationVector([0x5A, 0xA5], counter: commandCounter)
        do {
            return try ISO9797Padding.unpad(encryption.decryptCBC(body, iv: iv))
        } catch CipherError.badPadding {
            throw .badPadding(ins: ins)
        } catch { throw .cipher(error) }
    }
}
