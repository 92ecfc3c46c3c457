/// How an ISO 15693 tag's answer and a PC/SC Part 3 storage-card status word stand for each
/// other: one table, read in both directions, by ``PCSCISO15693Channel`` (status word → the tag's
/// error code, as data) and by ``ISO15693StorageCardBridge`` (the tag's error code → the status
/// word a reader gives).
///
/// Status words: ISO/IEC 7816-4 §5.1.3 and the storage-card tables of PC/SC readers' manuals
/// (SCM/Identiv SCL3711 and SDI011 reference manuals §6.2.1 "STORAGE_CARD_CMDS_READ_BINARY":
/// `62 82` end reached before Le bytes, `69 82` security status not satisfied, `6A 82` addressed
/// blocks do not exist, `6B 00` wrong P1 P2, `6C xx` wrong Le, `64 00` non-volatile memory
/// unchanged, `6A 81`/`69 81` function/command not supported; the MagTek memory-card appendix:
/// `65 81` memory failure). ISO 15693 error codes: ISO/IEC 15693-3 table 7
/// (as AOSP `tags_defs.h` lists them). PC/SC Part 3 has no status word per ISO 15693
/// error, so the correspondence is a judgement, stated case by case:
///
/// | Status word | Read | Write |
/// |---|---|---|
/// | `90 00` | data | done |
/// | `6A 82`, `62 82`, `6B 00` | `10` block not available | `10` |
/// | `69 82` | `12` locked (a read-protected block) | `12` locked |
/// | `65 81`, `63 00`, `64 00` | `0F` unknown error | `13` write failed |
/// | `6C xx` | the reader names the right Le (the block size): asked again | — |
/// | `6A 81`, `69 81`, `6D 00`, `6E 00`, `68 00` | the reader cannot (a ``/TagTransport/ChannelError`` `.unsupported`) | same |
/// | anything else, `67 00` included | the reader refused the frame (`.statusWord`) | same |
///
/// The other way: `10` → `6A 82`; `11`, `12` → `69 82`; `13`, `14` → `65 81`; any other code
/// (`01`, `02`, `03`, `0F`, custom `A0`–`DF`) → `64 00`, which reads back as `0F` (read) or `13`
/// (write): the codes Part 3 cannot tell apart collapse, as they would behind a real reader.
public enum ISO15693StatusWords {
    /// What a status word means for the ISO 15693 command behind it.
    public enum Meaning: Sendable, Equatable {
        /// `90 00`.
        case success
        /// The tag refused: this ISO 15693 error code, returned to the mapping as data.
        case tagError(UInt8)
        /// `6C xx`: the reader wants this Le.
        case wrongLength(expected: Int)
        /// The reader's storage-card interface does not offer the command.
        case readerCannot
        /// The reader refused the APDU itself (a framing error, a status word with no ISO 15693 meaning).
        case readerRefused
    }

    /// The meaning of `sw1 sw2` in answer to a READ BINARY (`writing` false) or an UPDATE BINARY.
    public static func meaning(sw1: UInt8, sw2: UInt8, writing: Bool) -> Meaning {
        switch (sw1, sw2) {
        case (0x90, 0x00): .success
        case (0x6A, 0x82), (0x62, 0x82), (0x6B, 0x00): .tagError(0x10)
        case (0x69, 0x82): .tagError(0x12)
        case (0x65, 0x81), (0x63, 0x00), (0x64, 0x00): .tagError(writing ? 0x13 : 0x0F)
        case (0x6C, let expected): .wrongLength(expected: expected == 0 ? 256 : Int(expected))
        case (0x6A, 0x81), (0x69, 0x81), (0x6D, 0x00), (0x6E, 0x00), (0x68, 0x00): .readerCannot
        default: .readerRefused
        }
    }

    /// The status word a PC/SC Part 3 reader gives when the tag answers with ISO 15693 error `code`.
    public static func statusWord(forError code: UInt8) -> [UInt8] {
        switch code {
        case 0x10: [0x6A, 0x82]
        case 0x11, 0x12: [0x69, 0x82]
        case 0x13, 0x14: [0x65, 0x81]
        default: [0x64, 0x00]
        }
    }
}
