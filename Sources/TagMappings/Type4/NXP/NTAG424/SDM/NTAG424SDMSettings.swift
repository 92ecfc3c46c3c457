/// The Secure Dynamic Messaging part of an NTAG 424 DNA file's settings (NT4H2421Gx §10.7.1,
/// reference §2.6): SDMOptions (1) · SDMAccessRights (2, little endian) · the mirror offsets that
/// the options and rights call for, 3 bytes each, LSB first, in the datasheet's order.
///
/// Offsets are byte offsets inside the NDEF file (counting NLEN and the record header), not URL
/// character positions: the mistake `SUNTemplate` exists to prevent.
public struct NTAG424SDMSettings: Sendable, Hashable {
    /// SDMOptions as sent: bit 7 UID mirror, 6 SDMReadCtr mirror, 5 SDMReadCtrLimit, 4 SDMENCFileData,
    /// 3 TTStatus mirror, bit 0 ASCII encoding.
    public var options: UInt8
    /// SDMMetaRead: `free` mirrors UID and counter in plain ASCII, a key encrypts them as PICCData,
    /// `never` mirrors no PICC data.
    public var metaRead: NTAG424AccessCondition
    /// SDMFileRead: the key whose session keys compute the MAC (and encrypt file data); `never` = no MAC.
    public var fileRead: NTAG424AccessCondition
    /// SDMCtrRet: who may read the counter with GetFileCounters.
    public var counterRetrieval: NTAG424AccessCondition
    /// The RFU nibble of SDMAccessRights (`F` on every tag), kept so an answer encodes back as read.
    public var reservedNibble: UInt8
    public var uidOffset: Int?
    public var readCounterOffset: Int?
    public var piccDataOffset: Int?
    public var tagTamperStatusOffset: Int?
    public var macInputOffset: Int?
    public var encOffset: Int?
    public var encLength: Int?
    public var macOffset: Int?
    public var readCounterLimit: Int?

    public init(
        options: UInt8, metaRead: NTAG424AccessCondition, fileRead: NTAG424AccessCondition,
        counterRetrieval: NTAG424AccessCondition, reservedNibble: UInt8 = 0x0F, uidOffset: Int? = nil,
        readCounterOffset: Int? = nil, piccDataOffset: Int? = nil, tagTamperStatusOffset: Int? = nil,
        macInputOffset: Int? = nil, encOffset: Int? = nil, encLength: Int? = nil, macOffset: Int? = nil,
        readCounterLimit: Int? = nil
    ) {
        self.options = options
        self.metaRead = metaRead
        self.fileRead = fileRead
        self.counterRetrieval = counterRetrieval
        self.reservedNibble = reservedNibble & 0x0F
        self.uidOffset = uidOffset
        self.readCounterOffset = readCounterOffset
        self.piccDataOffset = piccDataOffset
        self.tagTamperStatusOffset = tagTamperStatusOffset
        self.macInputOffset = macInputOffset
        self.encOffset = encOffset
        self.encLength = encLength
        self.macOffset = macOffset
        self.readCounterLimit = readCounterLimit
    }

    /// The byte ranges of the file the tag overwrites at an unauthenticated read (AES-mode
    /// lengths: UID 14, counter 6, PICCData 32, TTStatus 2, the encrypted data its ENCLength, the
    /// MAC 16), in file order.
    public var mirrors: [Range<Int>] {
        let spans: [(Int?, Int?)] = [
            (uidOffset, 14), (readCounterOffset, 6), (piccDataOffset, 32), (tagTamperStatusOffset, 2),
            (encOffset, encLength), (macOffset, 16),
        ]
        return spans.compactMap { offset, length in
            guard let offset, let length, length > 0 else { return nil }
            return offset..<(offset + length)
        }.sorted { $0.lowerBound < $1.lowerBound }
    }

    public var mirrorsUID: Bool { options & 0x80 != 0 }
    public var mirrorsReadCounter: Bool { options & 0x40 != 0 }
    public var hasReadCounterLimit: Bool { options & 0x20 != 0 }
    public var encryptsFileData: Bool { options & 0x10 != 0 }
    public var mirrorsTagTamperStatus: Bool { options & 0x08 != 0 }
    public var isASCII: Bool { options & 0x01 != 0 }

    private var metaIsPlain: Bool { metaRead == .free }
    private var metaIsKey: Bool {
        if case .key = metaRead { return true }
        return false
    }
    private var hasMAC: Bool { fileRead != .never }

    /// The two SDMAccessRights bytes: `RFU | CtrRet`, then `MetaRead | FileRead`.
    public var accessRightsBytes: [UInt8] {
        [reservedNibble << 4 | counterRetrieval.nibble, metaRead.nibble << 4 | fileRead.nibble]
    }

    /// The offset slots present for these options and rights, in wire order, with their names.
    private var slots: [(name: String, keyPath: WritableKeyPath<NTAG424SDMSettings, Int?>)] {
        var slots: [(String, WritableKeyPath<NTAG424SDMSettings, Int?>)] = []
        if mirrorsUID && metaIsPlain { slots.append(("UIDOffset", \.uidOffset)) }
        if mirrorsReadCounter && metaIsPlain { slots.append(("SDMReadCtrOffset", \.readCounterOffset)) }
        if metaIsKey { slots.append(("PICCDataOffset", \.piccDataOffset)) }
        if mirrorsTagTamperStatus { slots.append(("TTStatusOffset", \.tagTamperStatusOffset)) }
        if hasMAC { slots.append(("SDMMACInputOffset", \.macInputOffset)) }
        if hasMAC && encryptsFileData {
            slots.append(("SDMENCOffset", \.encOffset))
            slots.append(("SDMENCLength", \.encLength))
        }
        if hasMAC { slots.append(("SDMMACOffset", \.macOffset)) }
        if hasReadCounterLimit { slots.append(("SDMReadCtrLimit", \.readCounterLimit)) }
        return slots
    }

    /// The SDM part encoded; a present slot left `nil` is written as 0. Equals the parsed bytes.
    public var bytes: [UInt8] {
        var out = [options] + accessRightsBytes
        for slot in slots {
            out += NTAG424Command.littleEndian3(self[keyPath: slot.keyPath] ?? 0)
        }
        return out
    }

    /// Reads the SDM part (the bytes after FileSize when FileOption bit 6 is set). Total: any
    /// byte string gives settings or a `NTAG424ParseError` naming the field.
    public static func parse(_ bytes: [UInt8]) -> Result<NTAG424SDMSettings, NTAG424ParseError> {
        guard bytes.count >= 3 else { return .failure(.sdmTruncated(field: "SDMAccessRights", bytes: bytes.count)) }
        var settings = NTAG424SDMSettings(
            options: bytes[0], metaRead: .init(nibble: bytes[2] >> 4), fileRead: .init(nibble: bytes[2] & 0x0F),
            counterRetrieval: .init(nibble: bytes[1] & 0x0F), reservedNibble: bytes[1] >> 4)
        var index = 3
        for slot in settings.slots {
            guard index + 3 <= bytes.count else { return .failure(.sdmTruncated(field: slot.name, bytes: bytes.count)) }
            settings[keyPath: slot.keyPath] =
                Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16
            index += 3
        }
        guard index == bytes.count else { return .failure(.sdmTrailing(bytes: bytes.count - index)) }
        return .success(settings)
    }

    /// The settings in words, one line each, for `tapcard ntag424 info`.
    public var phrases: [String] {
        var lines: [String] = []
        switch metaRead {
        case .free:
            let what = [mirrorsUID ? "UID" : nil, mirrorsReadCounter ? "read counter" : nil].compactMap { $0 }
            lines.append(
                what.isEmpty ? "no PICC data mirrored" : "\(what.joined(separator: " and ")) mirrored in plain ASCII")
        case .key(let key):
            lines.append("UID and read counter mirrored encrypted (PICCData) with key \(key)")
        case .never: lines.append("no PICC data mirrored")
        case .reserved: lines.append("meta read: \(metaRead)")
        }
        if hasMAC {
            lines.append("MAC (SDMMAC) computed with key \(fileRead.phrase.replacingOccurrences(of: "key ", with: ""))")
        } else {
            lines.append("no MAC")
        }
        if encryptsFileData && hasMAC, let encLength {
            lines.append("\(encLength / 2) bytes of file data mirrored encrypted (\(encLength) hex characters)")
        }
        if mirrorsTagTamperStatus { lines.append("TagTamper status mirrored") }
        if hasReadCounterLimit, let readCounterLimit { lines.append("reads stop at counter \(readCounterLimit)") }
        lines.append("read counter retrieval: \(counterRetrieval)")
        for slot in slots {
            let value = self[keyPath: slot.keyPath] ?? 0
            lines.append("\(slot.name) \(value) (0x\(String(value, radix: 16, uppercase: true)))")
        }
        return lines
    }
}
