import Ciphers

/// The two SDM session keys a tag derives from its file-read key for one tap (NT4H2421Gx §9.3.9;
/// AN12196 §3.3 Table 1; shared/reference/type4-type5-ntag424.md §2.7, vector S1):
/// SV1 = C3 3C 00 01 00 80 ‖ UID ‖ SDMReadCtr (3 bytes, LSB first), SV2 = 3C C3 00 01 00 80 ‖ UID ‖
/// SDMReadCtr, each zero-padded to 16 bytes; KSesSDMFileReadENC = CMAC(K_FileRead, SV1),
/// KSesSDMFileReadMAC = CMAC(K_FileRead, SV2). With a 7-byte UID both vectors are exactly 16 bytes.
public struct SUNSessionKeys: Sendable, Equatable {
    /// KSesSDMFileReadENC: deciphers SDMENCFileData.
    public let encryption: [UInt8]
    /// KSesSDMFileReadMAC: computes SDMMAC.
    public let mac: [UInt8]

    /// The session keys for `uid` (7 bytes) at read counter `counter` (0…0xFFFFFF) under the
    /// 16-byte `fileReadKey`.
    public init(fileReadKey: [UInt8], uid: [UInt8], counter: Int) throws(SUNError) {
        guard fileReadKey.count == 16, let file = try? AESCMAC(key: fileReadKey) else {
            throw .keyLength(name: "file key", bytes: fileReadKey.count)
        }
        encryption = Self.encryptionKey(file, uid: uid, counter: Self.counterBytes(counter))
        mac = Self.macKey(file, uid: uid, counter: Self.counterBytes(counter))
    }

    /// KSesSDMFileReadENC under the file key's prepared CMAC (its subkeys derived once per key).
    static func encryptionKey(_ file: AESCMAC, uid: [UInt8], counter: [UInt8]) -> [UInt8] {
        file.mac(pad([0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + uid + counter))
    }

    /// KSesSDMFileReadMAC under the file key's prepared CMAC.
    static func macKey(_ file: AESCMAC, uid: [UInt8], counter: [UInt8]) -> [UInt8] {
        file.mac(pad([0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid + counter))
    }

    /// SV2, the input of KSesSDMFileReadMAC's CMAC, padded to 16 bytes.
    static func macVector(uid: [UInt8], counter: [UInt8]) -> [UInt8] {
        pad([0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid + counter)
    }

    /// SV1, the input of KSesSDMFileReadENC's CMAC, padded to 16 bytes.
    static func encryptionVector(uid: [UInt8], counter: [UInt8]) -> [UInt8] {
        pad([0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + uid + counter)
    }

    /// SDMReadCtr as the tag uses it in crypto: 3 bytes, least significant first.
    static func counterBytes(_ counter: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: counter), UInt8(truncatingIfNeeded: counter >> 8),
            UInt8(truncatingIfNeeded: counter >> 16),
        ]
    }

    static func pad(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: max(0, 16 - bytes.count))
    }
}
