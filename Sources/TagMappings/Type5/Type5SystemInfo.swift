/// The answer to GET SYSTEM INFO (`2B`), ISO/IEC 15693-3: `InfoFlags ‖ UID (8, LSB first) ‖
/// [DSFID] ‖ [AFI] ‖ [block count − 1, block size − 1] ‖ [IC reference]` (shared/reference/
/// type4-type5-ntag424.md §3.2; AOSP `rw_i93.cc` `rw_i93_process_sys_info`). Vector V-T5T-1
/// (§3.5): `0F E7 44 40 02 50 01 04 E0 00 00 1B 03 01` → UID E0 04 01 50 02 40 44 E7, DSFID 00,
/// AFI 00, 28 blocks of 4 bytes, IC reference 01.
///
/// EXTENDED GET SYSTEM INFO (`3B`) is not parsed: its further info-flag bits and field widths are
/// UNVERIFIED in the sources read (§3.2).
public struct Type5SystemInfo: Sendable, Hashable {
    /// InfoFlags: b0 DSFID, b1 AFI, b2 memory size, b3 IC reference present.
    public var infoFlags: UInt8
    /// The UID, `E0` first (the frame carries it LSB first).
    public var uid: [UInt8]
    public var dsfid: UInt8?
    public var afi: UInt8?
    /// Blocks (the frame's byte + 1).
    public var blockCount: Int?
    /// Bytes per block (bits 4–0 of the frame's byte + 1; bits 7–5 RFU, AOSP masks `& 0x1F`).
    public var blockSize: Int?
    public var icReference: UInt8?

    public init(
        infoFlags: UInt8, uid: [UInt8], dsfid: UInt8? = nil, afi: UInt8? = nil, blockCount: Int? = nil,
        blockSize: Int? = nil, icReference: UInt8? = nil
    ) {
        self.infoFlags = infoFlags
        self.uid = uid
        self.dsfid = dsfid
        self.afi = afi
        self.blockCount = blockCount
        self.blockSize = blockSize
        self.icReference = icReference
    }

    /// The memory in bytes (block count × block size), when both were reported.
    public var memoryBytes: Int? {
        guard let blockCount, let blockSize else { return nil }
        return blockCount * blockSize
    }

    /// Decodes the response payload (the bytes after the response flags, no CRC). With
    /// `twoByteBlockCount` (a request sent with the protocol extension flag to the ST parts that
    /// need it, AOSP `rw_i93_check_sys_info_prot_ext`) the block count is 2 bytes, LSB first.
    /// Total: too few bytes for the fields the flags announce give a ``Type5SystemInfoError``.
    public static func parse(_ payload: [UInt8], twoByteBlockCount: Bool = false)
        -> Result<Type5SystemInfo, Type5SystemInfoError>
    {
        guard payload.count >= 9 else { return .failure(.truncated(payload: payload, needed: 9)) }
        let flags = payload[0]
        var info = Type5SystemInfo(infoFlags: flags, uid: payload[1..<9].reversed())
        var index = 9
        var needed = 9
        if flags & 0x01 != 0 { needed += 1 }
        if flags & 0x02 != 0 { needed += 1 }
        if flags & 0x04 != 0 { needed += twoByteBlockCount ? 3 : 2 }
        if flags & 0x08 != 0 { needed += 1 }
        guard payload.count >= needed else { return .failure(.truncated(payload: payload, needed: needed)) }
        if flags & 0x01 != 0 {
            info.dsfid = payload[index]
            index += 1
        }
        if flags & 0x02 != 0 {
            info.afi = payload[index]
            index += 1
        }
        if flags & 0x04 != 0 {
            if twoByteBlockCount {
                info.blockCount = (Int(payload[index]) | Int(payload[index + 1]) << 8) + 1
                index += 2
            } else {
                info.blockCount = Int(payload[index]) + 1
                index += 1
            }
            info.blockSize = Int(payload[index] & 0x1F) + 1
            index += 1
        }
        if flags & 0x08 != 0 { info.icReference = payload[index] }
        return .success(info)
    }

    /// The payload again (the fields the flags name, in order): the emulator's side of the vector.
    public var payload: [UInt8] {
        var out = [infoFlags] + uid.reversed()
        if infoFlags & 0x01 != 0 { out.append(dsfid ?? 0) }
        if infoFlags & 0x02 != 0 { out.append(afi ?? 0) }
        if infoFlags & 0x04 != 0 {
            out.append(UInt8(truncatingIfNeeded: (blockCount ?? 1) - 1))
            out.append(UInt8(truncatingIfNeeded: (blockSize ?? 1) - 1) & 0x1F)
        }
        if infoFlags & 0x08 != 0 { out.append(icReference ?? 0) }
        return out
    }
}
