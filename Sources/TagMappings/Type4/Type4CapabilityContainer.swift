/// The Capability Container file (E103) of an NFC Forum Type 4 Tag: its mapping version, the
/// largest APDUs it takes, and where its NDEF file is (NFC Forum T4T 2.0 §5.1, T4T 3.0 §5.1;
/// nfcpy `tt4.py` `_discover_ndef`; Android `rw_t4t.cc`).
///
/// Layout: CCLEN (2) · mapping version (1, major in the high nibble) · MLe (2) · MLc (2) · NDEF
/// File Control TLV `04 06 …` (8 bytes) or Extended NDEF File Control TLV `06 08 …` (10 bytes) ·
/// optional Proprietary File Control TLVs `05 06 …`. Every figure is big endian.
///
/// **Hard errors and problems.** `parse(_:)` fails (``Type4CCError``) only when the NDEF file's
/// place cannot be trusted: too few bytes, CCLEN too small for the TLV, an unknown major version
/// (0 or above 3), no NDEF File Control TLV at offset 7 or one of the wrong length, or an NDEF
/// file identifier reserved for another file (E103, E102, 3F00, 3FFF, FFFF, 0000). The other
/// rules of Android's `rw_t4t_validate_cc_file` (MLe ≥ 0x000F, MLc ≥ 1, the size ranges, the
/// access bytes) become ``problems``: the NDEF file is still found, the chunk sizes stay ≥ 1,
/// and the access bytes tell the plans what they may do. Android itself refuses all of them;
/// nfcpy only checks that 15 bytes are there.
public struct Type4CapabilityContainer: Sendable, Hashable {
    /// CCLEN: the length of the CC the tag declares (offset 0).
    public var length: Int
    /// The mapping version's high nibble (offset 2): 1, 2 or 3.
    public var majorVersion: UInt8
    /// The mapping version's low nibble.
    public var minorVersion: UInt8
    /// MLe: the most response data the tag returns to one READ BINARY (offset 3).
    public var maximumResponseData: Int
    /// MLc: the most command data the tag takes in one UPDATE BINARY (offset 5).
    public var maximumCommandData: Int
    /// The NDEF File Control TLV (offset 7).
    public var ndefFile: Type4FileControl
    /// The Proprietary File Control TLVs after it, in order (NTAG 424 DNA: E105).
    public var proprietaryFiles: [Type4FileControl]
    /// What Android would refuse but a reader can work around, in the order found.
    public var problems: [Type4CCProblem]
    /// CCLEN bytes the parsed input did not reach (an Android-style 15-byte read of a longer CC);
    /// Proprietary File Control TLVs there are not in ``proprietaryFiles``.
    public var unreadBytes: Int

    public init(
        length: Int, majorVersion: UInt8, minorVersion: UInt8, maximumResponseData: Int, maximumCommandData: Int,
        ndefFile: Type4FileControl, proprietaryFiles: [Type4FileControl] = [], problems: [Type4CCProblem] = [],
        unreadBytes: Int = 0
    ) {
        self.length = length
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.maximumResponseData = maximumResponseData
        self.maximumCommandData = maximumCommandData
        self.ndefFile = ndefFile
        self.proprietaryFiles = proprietaryFiles
        self.problems = problems
        self.unreadBytes = unreadBytes
    }

    /// The width of the NDEF file's length field: 2 (NLEN), 4 (ENLEN) for an extended file.
    public var lengthFieldBytes: Int { ndefFile.lengthFieldBytes }

    /// The largest NDEF message the tag says it holds: maximum file size − length field.
    public var maximumMessageBytes: Int { ndefFile.maximumMessageBytes }

    /// The mapping version byte: major in the high nibble, minor in the low one.
    public var versionByte: UInt8 { majorVersion << 4 | minorVersion & 0x0F }

    /// The bytes of a first read that always covers the NDEF File Control TLV: 15, as Android
    /// reads them (`00 B0 00 00 0F`). An extended TLV needs 17.
    public static let firstReadLength = 15

    /// The CC encoded again: header, NDEF File Control TLV, Proprietary File Control TLVs. For a
    /// CC parsed from every one of its CCLEN bytes without TLV problems this equals those bytes.
    public var bytes: [UInt8] {
        var out = [
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length), versionByte,
            UInt8(truncatingIfNeeded: maximumResponseData >> 8), UInt8(truncatingIfNeeded: maximumResponseData),
            UInt8(truncatingIfNeeded: maximumCommandData >> 8), UInt8(truncatingIfNeeded: maximumCommandData),
        ]
        out += ndefFile.tlv(tag: ndefFile.isExtended ? Type4FileControl.extendedNDEFTag : Type4FileControl.ndefTag)
        for file in proprietaryFiles { out += file.tlv(tag: Type4FileControl.proprietaryTag) }
        return out
    }

    /// NDEF file identifiers a reader must not treat as the NDEF file (Android
    /// `rw_t4t_validate_cc_file`); 0000 only from T4T 2.0 on.
    static func isForbiddenNDEFIdentifier(_ identifier: UInt16, major: UInt8) -> Bool {
        [0xE103, 0xE102, 0x3F00, 0x3FFF, 0xFFFF].contains(identifier) || (identifier == 0x0000 && major >= 2)
    }

    /// Reads a CC file from its first byte. Total: any input gives a CC or an error.
    public static func parse(_ bytes: [UInt8]) -> Result<Type4CapabilityContainer, Type4CCError> {
        guard bytes.count >= 9 else { return .failure(.truncated(bytes: bytes.count, needed: 15)) }
        let cclen = Int(bytes[0]) << 8 | Int(bytes[1])
        let major = bytes[2] >> 4
        let minor = bytes[2] & 0x0F
        guard (1...3).contains(major) else { return .failure(.unsupportedVersion(major: major, minor: minor)) }
        let tag = bytes[7]
        let isExtended: Bool
        switch tag {
        case Type4FileControl.ndefTag: isExtended = false
        case Type4FileControl.extendedNDEFTag: isExtended = true
        default: return .failure(.missingNDEFFileControl(offset: 7, tag: tag))
        }
        let expected: UInt8 = isExtended ? 8 : 6
        guard bytes[8] == expected else {
            return .failure(.wrongTLVLength(offset: 7, tag: tag, length: bytes[8], expected: expected))
        }
        let end = 9 + Int(expected)
        guard bytes.count >= end else { return .failure(.truncated(bytes: bytes.count, needed: end)) }
        guard cclen >= end else { return .failure(.lengthTooSmall(cclen: cclen, minimum: end)) }
        let ndef = fileControl(Array(bytes[9..<end]), isExtended: isExtended)
        guard !isForbiddenNDEFIdentifier(ndef.identifier, major: major) else {
            return .failure(.forbiddenNDEFFile(identifier: ndef.identifier))
        }

        var cc = Type4CapabilityContainer(
            length: cclen, majorVersion: major, minorVersion: minor,
            maximumResponseData: Int(bytes[3]) << 8 | Int(bytes[4]),
            maximumCommandData: Int(bytes[5]) << 8 | Int(bytes[6]), ndefFile: ndef)
        cc.problems = headerProblems(cc)
        let available = min(cclen, bytes.count)
        cc.unreadBytes = max(0, cclen - bytes.count)
        var offset = end
        while offset + 2 <= available {
            let tag = bytes[offset]
            let length = Int(bytes[offset + 1])
            guard offset + 2 + length <= cclen else {
                cc.problems.append(.tlvBeyondLength(offset: offset, tag: tag, cclen: cclen))
                break
            }
            // A TLV inside CCLEN but past the bytes given was simply not read.
            guard offset + 2 + length <= available else { break }
            let value = Array(bytes[(offset + 2)..<(offset + 2 + length)])
            if tag == Type4FileControl.proprietaryTag && length == 6 {
                cc.proprietaryFiles.append(fileControl(value, isExtended: false))
            } else {
                cc.problems.append(.unknownTLV(offset: offset, tag: tag, length: length))
            }
            offset += 2 + length
        }
        if offset < available && offset + 2 > available && available == cclen {
            // One byte left inside CCLEN: the start of a TLV with no length byte.
            cc.problems.append(.tlvBeyondLength(offset: offset, tag: bytes[offset], cclen: cclen))
        }
        return .success(cc)
    }

    /// The value of a File Control TLV (6 bytes, or 8 extended); the caller checked the count.
    static func fileControl(_ value: [UInt8], isExtended: Bool) -> Type4FileControl {
        let identifier = UInt16(value[0]) << 8 | UInt16(value[1])
        let size =
            isExtended
            ? Int(value[2]) << 24 | Int(value[3]) << 16 | Int(value[4]) << 8 | Int(value[5])
            : Int(value[2]) << 8 | Int(value[3])
        let access = isExtended ? 6 : 4
        return Type4FileControl(
            identifier: identifier, maximumSize: size, readAccess: Type4Access(byte: value[access]),
            writeAccess: Type4Access(byte: value[access + 1]), isExtended: isExtended)
    }

    /// The soft checks of Android's `rw_t4t_validate_cc_file` on the header and NDEF TLV.
    static func headerProblems(_ cc: Type4CapabilityContainer) -> [Type4CCProblem] {
        var problems: [Type4CCProblem] = []
        if cc.maximumResponseData < 0x0F { problems.append(.maximumResponseTooSmall(cc.maximumResponseData)) }
        if cc.maximumCommandData < 1 { problems.append(.maximumCommandTooSmall(cc.maximumCommandData)) }
        let ndef = cc.ndefFile
        if ndef.isExtended && cc.majorVersion < 3 {
            problems.append(.extendedControlBeforeVersion3(major: cc.majorVersion))
        }
        let sizeRange = ndef.isExtended ? 7...0xFFFF_FFFE : 0x0005...0x7FFF
        if !sizeRange.contains(ndef.maximumSize) {
            problems.append(.ndefSizeOutOfRange(size: ndef.maximumSize, isExtended: ndef.isExtended))
        }
        switch ndef.readAccess {
        case .free, .proprietary: break
        case .never, .reserved: problems.append(.invalidReadAccess(ndef.readAccess))
        }
        if case .reserved = ndef.writeAccess { problems.append(.reservedWriteAccess(ndef.writeAccess)) }
        return problems
    }
}
