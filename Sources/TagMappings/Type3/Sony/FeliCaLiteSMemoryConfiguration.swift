/// The FeliCa Lite-S memory configuration block (MC, 88h), decoded.
///
/// | bytes | field | meaning | source |
/// |---|---|---|---|
/// | 0–1 | MC_SP | little-endian bits 0–13: S_PAD0–13 writable (1) or read-only (0) | nfcpy `FelicaLite._format` / `_protect` |
/// | 2 | MC_ALL | FFh: ID, D_ID, SER_C, CKV, CK and MC writable; 00h: read-only | nfcpy `_protect` ("system blocks 82,83,84,86,87"), `_format` ("mc block is writeable") |
/// | 3 | MC_SYS_OP | bit 0: NDEF enabled (the card answers polling for 12FC) | nfcpy `_format` ("ndef compatibility flag") |
/// | 4 | MC_RF_PRM | RF parameters | UNVERIFIED (not read by nfcpy) |
/// | 5 | MC_CKCKV_W_MAC_A | 01h: CK and CKV writable with MAC after MC_ALL = 00 | nfcpy `FelicaLiteS._protect` |
/// | 6–7 | MC_SP_R_A | S_PAD bits: reading needs authentication | nfcpy `FelicaLiteS._protect` (read_protect) |
/// | 8–9, 10–11 | MC_SP_W_A / MC_SP_W_MAC_A | S_PAD bits: writing needs authentication / a MAC | nfcpy writes both; which is which: UNVERIFIED |
/// | 12 | MC_STATE_W_MAC_A | STATE writable with MAC only | UNVERIFIED |
///
/// A total view: any byte count gives a value; missing bytes read as 00.
public struct FeliCaLiteSMemoryConfiguration: Sendable, Hashable {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    private func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// MC_SP as a 16-bit little-endian value.
    public var scratchPadWritableBits: UInt16 { UInt16(byte(0)) | UInt16(byte(1)) << 8 }
    /// True when S_PAD `block` (0–13) may be written (its MC_SP bit is 1).
    public func isWritable(scratchPad block: Int) -> Bool {
        (0...13).contains(block) && scratchPadWritableBits >> UInt16(block) & 1 == 1
    }
    /// The S_PAD blocks MC_SP makes read-only.
    public var readOnlyScratchPads: [Int] { (0...13).filter { !isWritable(scratchPad: $0) } }
    /// MC_ALL = FF: the MC block itself and the system blocks may be written.
    public var isMemoryConfigurationWritable: Bool { byte(2) == 0xFF }
    /// MC_SYS_OP bit 0: NDEF is enabled.
    public var isNDEFEnabled: Bool { byte(3) & 0x01 == 0x01 }
    public var rfParameter: UInt8 { byte(4) }
    /// The S_PAD bits of bytes 6–7 (read needs authentication).
    public var readWithAuthenticationBits: UInt16 { UInt16(byte(6)) | UInt16(byte(7)) << 8 }
    /// The S_PAD bits of bytes 8–11 (write needs authentication or a MAC), or-ed.
    public var writeWithMACBits: UInt16 {
        (UInt16(byte(8)) | UInt16(byte(9)) << 8) | (UInt16(byte(10)) | UInt16(byte(11)) << 8)
    }

    /// The MC with SYS_OP bit 0 set (what the formatter writes).
    public var enablingNDEF: FeliCaLiteSMemoryConfiguration {
        var out = padded
        out.bytes[3] |= 0x01
        return out
    }

    /// The MC with S_PAD0–13 read-only (MC_SP bits 0–13 cleared) and MC_ALL = 00: after this
    /// lands nothing, TapCard included, can write the card's memory configuration again.
    public var lockingEverything: FeliCaLiteSMemoryConfiguration {
        var out = padded
        out.bytes[0] = 0x00
        out.bytes[1] &= 0xC0
        out.bytes[2] = 0x00
        return out
    }

    private var padded: FeliCaLiteSMemoryConfiguration {
        FeliCaLiteSMemoryConfiguration(Array((bytes + [UInt8](repeating: 0, count: 16)).prefix(16)))
    }

    /// The configuration in words, one line per field.
    public var description: [String] {
        let readOnly = readOnlyScratchPads
        let sp =
            readOnly.isEmpty
            ? "S_PAD0–13 writable" : "read-only S_PAD: " + readOnly.map { "\($0)" }.joined(separator: ", ")
        return [
            "MC_SP \(sp)",
            "MC_ALL \(isMemoryConfigurationWritable ? "system blocks and MC writable" : "system blocks and MC read-only")",
            "MC_SYS_OP \(isNDEFEnabled ? "NDEF enabled (answers 12FC)" : "NDEF not enabled")",
        ]
    }
}
