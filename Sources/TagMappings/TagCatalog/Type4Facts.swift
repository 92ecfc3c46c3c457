/// The facts of an NFC Forum Type 4 tag model: its files, the CC it ships with, its frame limit
/// and the activation bytes it answers with. The emulator builds its chips from these; the Type 4
/// mapping reads the same things from the tag itself and only uses these as assumptions.
public struct Type4Facts: Sendable, Equatable {
    /// One elementary file as shipped.
    public struct File: Sendable, Equatable {
        /// The native file number (NTAG 424 DNA: 1, 2, 3), or `nil` for a chip without native commands.
        public var number: UInt8?
        /// The ISO/IEC 7816-4 file identifier (E103 is the CC file).
        public var identifier: UInt16
        public var size: Int
        /// The file's contents as shipped (shorter than `size`: padded with zeros).
        public var contents: [UInt8]
        /// The native GetFileSettings answer as shipped (NTAG 424 DNA), or `nil`.
        public var factorySettings: [UInt8]?
    }

    /// The NDEF application's DF name (NFC Forum T4T v2.0 and later): D2 76 00 00 85 01 01.
    public static let ndefApplication: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    /// The T4T v1.0 DF name, which old tags answer to instead.
    public static let ndefApplicationV1: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x00]
    /// The CC file's identifier in every Type 4 tag.
    public static let ccFileIdentifier: UInt16 = 0xE103

    /// The files, CC first.
    public var files: [File]
    /// The largest frame the chip takes (FSC from its ATS): 128 bytes on NTAG 424 DNA.
    public var frameSize: Int
    /// SAK, ATQA and ATS as the chip answers them (NTAG 424 DNA: SAK 20, i.e. ISO-DEP; ATS with FSCI 7).
    public var sak: UInt8
    public var atqa: [UInt8]
    public var ats: [UInt8]
    /// The native GetVersion answer, parts 1 and 2 (7 bytes each); part 3 is the UID, then batch
    /// and production date (``versionPart3Tail``).
    public var versionParts: [[UInt8]]?
    /// The seven bytes after the UID in part 3: batch number and fab key (5), production week and
    /// year (BCD).
    public var versionPart3Tail: [UInt8]?
    /// The number of AES application keys (NTAG 424 DNA: 5, all zeros as shipped).
    public var keyCount: Int
    /// A MIFARE DESFire's memory and application facts; `nil` for a tag with fixed files.
    public var desfire: DESFireFacts? = nil

    /// The frame waiting integer FWI from the ATS (ISO/IEC 14443-4 §5.2.5: TB(1) high nibble), or
    /// 4, the default, when the ATS has no TB(1). NTAG 424 DNA: `06 77 77 71 02 80` → TB(1) 71 → 7.
    public var frameWaitingIndex: Int {
        guard ats.count >= 2 else { return 4 }
        let format = ats[1]
        guard format & 0x20 != 0 else { return 4 }
        let position = format & 0x10 != 0 ? 3 : 2
        guard position < ats.count else { return 4 }
        return Int(ats[position] >> 4)
    }

    /// The file holding the NDEF message, as the shipped CC names it.
    public var ndefFile: File? { files.first { $0.identifier == 0xE104 } }
}

extension TagModel {
    /// The Type 4 facts, or `nil` for a Type 2 model.
    public var type4: Type4Facts? {
        switch self {
        // A generic T4T as TapCard emulates it: the CC of nfcpy's test vector (tests/test_tag_tt4.py:
        // v2.0, MLe 59, MLc 52, NDEF file E104 of 2048 bytes, read and write access free), so
        // chunking is exercised at every size. The ATS is the NTAG 424 DNA's minus its CID bit.
        case .genericType4:
            Type4Facts(
                files: [
                    .init(
                        number: nil, identifier: 0xE103, size: 15,
                        contents: [
                            0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00,
                        ],
                        factorySettings: nil),
                    .init(number: nil, identifier: 0xE104, size: 2048, contents: [], factorySettings: nil),
                ],
                frameSize: 256, sak: 0x20, atqa: [0x03, 0x44], ats: [0x06, 0x75, 0x77, 0x71, 0x02, 0x80],
                versionParts: nil, versionPart3Tail: nil, keyCount: 0)
        // NTAG 424 DNA (NT4H2421Gx datasheet §8.2; factory CC and file settings as dumped from real
        // tags, shared/reference/type4-type5-ntag424.md V-T4T-3 and §2.2): CC 32 bytes (CCLEN 23,
        // v2.0, MLe 256, MLc 255, NDEF E104 256 bytes read/write free, proprietary E105 128 bytes
        // read key 2 / write key 3); ATS 06 77 77 71 02 80 (FSC 128); GetVersion of a real tag
        // (week 39 of 2018).
        case .ntag424DNA:
            Type4Facts(
                files: [
                    .init(
                        number: 0x01, identifier: 0xE103, size: 32,
                        contents: [
                            0x00, 0x17, 0x20, 0x01, 0x00, 0x00, 0xFF, 0x04, 0x06, 0xE1, 0x04, 0x01, 0x00, 0x00, 0x00,
                            0x05, 0x06, 0xE1, 0x05, 0x00, 0x80, 0x82, 0x83,
                        ],
                        factorySettings: [0x00, 0x00, 0x00, 0xE0, 0x20, 0x00, 0x00]),
                    .init(
                        number: 0x02, identifier: 0xE104, size: 256, contents: [],
                        factorySettings: [0x00, 0x00, 0xE0, 0xEE, 0x00, 0x01, 0x00]),
                    .init(
                        number: 0x03, identifier: 0xE105, size: 128, contents: [],
                        factorySettings: [0x00, 0x03, 0x30, 0x23, 0x80, 0x00, 0x00]),
                ],
                frameSize: 128, sak: 0x20, atqa: [0x03, 0x44], ats: [0x06, 0x77, 0x77, 0x71, 0x02, 0x80],
                versionParts: [
                    [0x04, 0x04, 0x02, 0x30, 0x00, 0x11, 0x05], [0x04, 0x04, 0x02, 0x01, 0x02, 0x11, 0x05],
                ],
                versionPart3Tail: [0xCD, 0x65, 0x94, 0x51, 0x10, 0x39, 0x18],
                keyCount: 5)
        // MIFARE DESFire EV3 4K (MF3DH43). It ships with no application and no file: a Type 4
        // reader finds no NDEF application until one is created (AN11004), so `files` is empty
        // and the keys live in the card's applications (`keyCount` 0). SAK 20, ATQA 03 44 and ATS
        // 06 75 77 81 02 80 (FSCI 5: FSC 64; TB(1) 81: FWI 8) as libnfc's table of ISO 14443 tags
        // lists every MIFARE DESFire and as a DESFire EV3 answers in published PC/SC traces; the
        // 64-byte frame is also NXP's word for EV1 (mifare.net reply 17822). GetVersion of a real
        // EV3 4K (hardware 04 01 01 33 00 18 05, software 04 01 01 03 00 18 05, batch 20 32 68 30
        // 30, week 20 of 2022): the Flipper Zero file at pastebin.com/q9RDpy2y, the bytes
        // DESFireVersionTests.ev3 parses. The memory figures are in `DESFireFacts`, with what is
        // assumed there.
        case .desfireEV3_4K:
            .desfireCard(
                hardware: [0x04, 0x01, 0x01, 0x33, 0x00, 0x18, 0x05],
                software: [0x04, 0x01, 0x01, 0x03, 0x00, 0x18, 0x05],
                batchAndDate: [0x20, 0x32, 0x68, 0x30, 0x30, 0x20, 0x22], memory: .fourKilobytes)
        // MIFARE DESFire EV1 4K (MF3ICD41): the same radio figures (libnfc's table lists one SAK,
        // ATQA and ATS for every DESFire) and, ASSUMED, the same memory figures as the EV3 4K.
        // GetVersion of a real EV1 4K in a published DESFire test trace: hardware 04 01 01 01 00
        // 18 05, software 04 01 01 01 04 18 05, batch BA 34 98 BA D0, week 29 of 2012. Hardware
        // major 01 is what makes the emulated card an EV1 (AuthenticateEV2First answers 91 1C).
        case .desfireEV1_4K:
            .desfireCard(
                hardware: [0x04, 0x01, 0x01, 0x01, 0x00, 0x18, 0x05],
                software: [0x04, 0x01, 0x01, 0x01, 0x04, 0x18, 0x05],
                batchAndDate: [0xBA, 0x34, 0x98, 0xBA, 0xD0, 0x29, 0x12], memory: .fourKilobytes)
        // MIFARE DESFire EV2 8K: the DESFire example of the Flipper Zero firmware's file-format
        // documentation (NfcFileFormats.md): hardware 04 01 01 12 00 1A 05 (major 12h: EV2, storage
        // 1A: 8192 bytes), software 04 01 01 02 01 1A 05, batch CE ED D4 51 80, week 31 of 2019.
        // The radio figures are the other DESFires'; the memory figures the 4K's, doubled, with the
        // same ASSUMED allocation unit, and the EV1's 28 applications (ASSUMED: NXP markets the
        // EV2 with a "flexible" number; no stored source gives it).
        case .desfireEV2_8K:
            .desfireCard(
                hardware: [0x04, 0x01, 0x01, 0x12, 0x00, 0x1A, 0x05],
                software: [0x04, 0x01, 0x01, 0x02, 0x01, 0x1A, 0x05],
                batchAndDate: [0xCE, 0xED, 0xD4, 0x51, 0x80, 0x31, 0x19],
                memory: DESFireFacts(
                    memoryBytes: 8192, systemOverheadBytes: 0, allocationUnit: 32, maximumApplications: 28,
                    formattedNDEFFileBytes: 2048))
        default:
            nil
        }
    }
}

extension Type4Facts {
    /// A MIFARE DESFire card as it ships: no application and no file (a Type 4 reader finds no
    /// NDEF application until one is created per AN11004), its keys in its applications, and the
    /// radio figures every DESFire shares (SAK 20, ATQA 03 44, ATS 06 75 77 81 02 80: FSC 64, FWI 8,
    /// as libnfc's table lists every MIFARE DESFire). What tells one generation and size from
    /// another is its GetVersion (`hardware`, `software`, then the batch number and production
    /// week and year after the UID) and its memory.
    static func desfireCard(hardware: [UInt8], software: [UInt8], batchAndDate: [UInt8], memory: DESFireFacts)
        -> Type4Facts
    {
        Type4Facts(
            files: [], frameSize: 64, sak: 0x20, atqa: [0x03, 0x44], ats: [0x06, 0x75, 0x77, 0x81, 0x02, 0x80],
            versionParts: [hardware, software], versionPart3Tail: batchAndDate, keyCount: 0, desfire: memory)
    }
}
