/// The Secure Dynamic Messaging part of an NTAG 424 DNA file's settings, decoded on the tag's side
/// (NTAG 424 DNA datasheet §10.7.1 ChangeFileSettings; shared/reference/type4-type5-ntag424.md §2.6):
/// SDMOptions ‖ SDMAccessRights (2) ‖ the offsets their conditions call for, 3 bytes each, LSB
/// first, in this order:
///
/// | Field | Present when |
/// |---|---|
/// | UIDOffset | UID mirror (bit 7) ∧ MetaRead = E |
/// | SDMReadCtrOffset | counter mirror (bit 6) ∧ MetaRead = E |
/// | PICCDataOffset | MetaRead = key 0…4 |
/// | SDMMACInputOffset | FileRead ≠ F |
/// | SDMENCOffset, SDMENCLength | FileRead ≠ F ∧ SDMENCFileData (bit 4) |
/// | SDMMACOffset | FileRead ≠ F |
/// | SDMReadCtrLimit | bit 5 |
///
/// Written from the datasheet facts, not shared with module Type4's `NTAG424FileSettings`, so the
/// two can catch each other.
struct SDMSettings: Sendable, Equatable {
    /// A placeholder's byte range inside the file.
    struct Placeholder: Sendable, Equatable {
        var offset: Int
        var length: Int
        var end: Int { offset + length }
    }

    var options: UInt8
    /// SDMCtrRet: who may read the counter with GetFileCounters (key, E free, F never).
    var counterReturn: UInt8
    /// SDMMetaRead: E plain mirror, 0…4 encrypted PICCData with that key, F no PICC data.
    var metaRead: UInt8
    /// SDMFileRead: 0…4 the key of SDMMAC and SDMENCFileData, F none.
    var fileRead: UInt8
    var uid: Placeholder?
    var counter: Placeholder?
    var piccData: Placeholder?
    var macInputOffset: Int?
    var encryptedData: Placeholder?
    var mac: Placeholder?
    /// SDMReadCtrLimit, when bit 5 is set.
    var counterLimit: Int?

    var mirrorsUID: Bool { options & 0x80 != 0 }
    var mirrorsCounter: Bool { options & 0x40 != 0 }

    /// Placeholder lengths in ASCII characters (§2.7); PICCData is 32 in AES mode and 48 in LRP
    /// mode (PICCRand ‖ 16 enciphered bytes, §2.10).
    static let uidLength = 14
    static let counterLength = 6
    static func piccDataLength(lrp: Bool) -> Int { lrp ? 48 : 32 }
    static let macLength = 16

    /// What is wrong with an SDM part: the native status code to answer (`7E` length, `9E` parameter).
    struct Refusal: Error, Equatable {
        var code: UInt8
    }

    /// Decodes and checks `bytes` (the SDM part) for a file of `fileSize` bytes on a tag with
    /// `keyCount` application keys, in AES or (`lrp`) LRP mode.
    ///
    /// Refused with `91 7E` when the bytes are not exactly the fields the options call for, and
    /// with `91 9E` (PARAMETER_ERROR) when:
    /// - SDMOptions bits 3-1 are set (bit 3 is TagTamper's TTStatus mirror; bits 2-1 RFU) or bit 0
    ///   (ASCII encoding) is clear: "must be 1 on NT4H2421" (§2.6); SDMAccessRights bits 7-4 are
    ///   not F (RFU);
    /// - a key nibble names a key that does not exist (FileRead E included: it has no meaning);
    /// - the option/right combinations §10.7.1 lists: MetaRead not F without UID or counter
    ///   mirror; a UID mirror with MetaRead F; CtrRet not F without counter mirror;
    ///   SDMENCFileData without FileRead key, UID and counter mirror; a limit without counter mirror;
    /// - a placeholder does not fit inside the file (each offset ≤ FileSize − its length, §10.7.1);
    /// - SDMENCLength is 0 or not a multiple of 32 (§2.7);
    /// - SDMMACInputOffset > SDMMACOffset, or the ENC region is not inside [MACInputOffset,
    ///   MACOffset) ("MACInput must cover the whole encrypted region", §2.7);
    /// - two placeholders overlap. The datasheet forbids the ENC region overlapping the MAC and
    ///   the PICC/UID/counter mirrors; that the UID and counter mirrors, or PICCData and the MAC,
    ///   may not overlap either is UNVERIFIED (modelled: no two placeholders overlap).
    static func parse(_ bytes: [UInt8], fileSize: Int, keyCount: Int, lrp: Bool) -> Result<SDMSettings, Refusal> {
        guard bytes.count >= 3 else { return .failure(Refusal(code: 0x7E)) }
        let options = bytes[0]
        let counterReturn = bytes[1] & 0x0F
        let metaRead = bytes[2] >> 4
        let fileRead = bytes[2] & 0x0F
        let uid = options & 0x80 != 0
        let counter = options & 0x40 != 0
        let limit = options & 0x20 != 0
        let encrypted = options & 0x10 != 0
        let never = Type4AccessRights.never
        let free = Type4AccessRights.free
        func isKey(_ nibble: UInt8) -> Bool { Int(nibble) < keyCount }
        let parameter = Refusal(code: 0x9E)
        guard options & 0x0F == 0x01, bytes[1] >> 4 == never,
            isKey(counterReturn) || counterReturn == free || counterReturn == never,
            isKey(metaRead) || metaRead == free || metaRead == never, isKey(fileRead) || fileRead == never
        else { return .failure(parameter) }
        if metaRead != never && !uid && !counter { return .failure(parameter) }
        if metaRead == never && uid { return .failure(parameter) }
        if counterReturn != never && !counter { return .failure(parameter) }
        if encrypted && (fileRead == never || !uid || !counter) { return .failure(parameter) }
        if limit && !counter { return .failure(parameter) }

        var fields = 0
        if uid && metaRead == free { fields += 1 }
        if counter && metaRead == free { fields += 1 }
        if isKey(metaRead) { fields += 1 }
        if fileRead != never { fields += encrypted ? 4 : 2 }
        if limit { fields += 1 }
        guard bytes.count == 3 + 3 * fields else { return .failure(Refusal(code: 0x7E)) }

        var position = 3
        func next() -> Int {
            defer { position += 3 }
            return Int(bytes[position]) | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2]) << 16
        }
        var settings = SDMSettings(
            options: options, counterReturn: counterReturn, metaRead: metaRead, fileRead: fileRead)
        if uid && metaRead == free { settings.uid = Placeholder(offset: next(), length: uidLength) }
        if counter && metaRead == free { settings.counter = Placeholder(offset: next(), length: counterLength) }
        if isKey(metaRead) { settings.piccData = Placeholder(offset: next(), length: piccDataLength(lrp: lrp)) }
        if fileRead != never {
            settings.macInputOffset = next()
            if encrypted {
                let offset = next()
                settings.encryptedData = Placeholder(offset: offset, length: next())
            }
            settings.mac = Placeholder(offset: next(), length: macLength)
        }
        if limit { settings.counterLimit = next() }

        let placeholders = settings.placeholders
        guard placeholders.allSatisfy({ $0.end <= fileSize }) else { return .failure(parameter) }
        if let enc = settings.encryptedData, enc.length == 0 || enc.length % 32 != 0 { return .failure(parameter) }
        if let input = settings.macInputOffset, let mac = settings.mac {
            guard input <= mac.offset else { return .failure(parameter) }
            if let enc = settings.encryptedData, enc.offset < input || enc.end > mac.offset {
                return .failure(parameter)
            }
        }
        for (index, first) in placeholders.enumerated() {
            for second in placeholders[(index + 1)...]
            where first.offset < second.end && second.offset < first.end {
                return .failure(parameter)
            }
        }
        return .success(settings)
    }

    /// The SDM part of a file's GetFileSettings answer (after its 7 bytes), when SDM is enabled
    /// (FileOption bit 6) and the part decodes; `nil` otherwise.
    static func enabled(in file: Type4File, memory: Type4Memory) -> SDMSettings? {
        guard let settings = file.settings, settings.count > 7, settings[1] & 0x40 != 0 else { return nil }
        return try? parse(Array(settings[7...]), fileSize: file.size, keyCount: memory.keys.count, lrp: memory.lrp)
            .get()
    }

    private init(options: UInt8, counterReturn: UInt8, metaRead: UInt8, fileRead: UInt8) {
        self.options = options
        self.counterReturn = counterReturn
        self.metaRead = metaRead
        self.fileRead = fileRead
    }

    /// Every placeholder the tag writes into the output.
    var placeholders: [Placeholder] {
        [uid, counter, piccData, encryptedData, mac].compactMap { $0 }
    }
}
