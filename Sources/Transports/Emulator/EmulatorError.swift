import TagCatalog
import TapCardSupport

/// What can go wrong building an emulated tag or reading and writing its files.
public enum EmulatorError: UnwritableFileError, Equatable {
    /// The emulator has no command-level model of this chip.
    case unsupportedModel(TagModel)
    /// A dump names a chip TapCard does not know.
    case unknownChip(String)
    /// A virtual tag file that is not a readable Flipper Zero NTAG/Ultralight file; `dump` when
    /// the file is not TapCard's own (no ``VirtualTagFile/comment``): another tool's dump, named so.
    case malformedFile(path: String, FlipperNFCError, dump: Bool = false)
    /// A UID must be 7 bytes (ISO/IEC 14443-3 double size, as on every NXP Type 2 chip).
    case uidLength(Int)
    /// A 7-byte UID whose byte `index` (0 or 3) is 88h, the cascade tag: ISO/IEC 14443-3 (6.5.4)
    /// reserves it, since anticollision sends CT 88 before the first three bytes of a double UID.
    case uidCascadeTag(index: Int)
    /// A memory image has the wrong size for the model.
    case imageSize(bytes: Int, expected: Int, model: TagModel)
    /// A `--model` image of a Type 5 tag (file at `path`, `bytes` long) that is neither the
    /// model's raw blocks nor an `.eml` of them (``Type5RawImage``).
    /// `emlProblem`: where text of block lines goes wrong (``Type5RawImage/emlProblem(_:model:)``).
    case type5Image(path: String, bytes: Int, model: TagModel, emlProblem: String? = nil)
    /// A signature must be 32 bytes (r ‖ s on secp128r1).
    case signatureLength(Int)
    /// A file could not be read; `reason` is the system's wording.
    case fileUnreadable(path: String, reason: String)
    /// A file larger than `InputSizeLimit.bytes` (TapCardSupport) (`size` bytes as `fstat` or the read
    /// found them), refused before it is read whole.
    case fileTooLarge(path: String, size: Int, limit: Int)
    /// A problem with what the file at `path` holds, said with the file's name.
    indirect case inFile(path: String, EmulatorError)
    /// A file no reader claims, whose content is binary: `bytes` of it.
    case unrecognisedBinary(path: String, bytes: Int)
    /// A text file no reader claims: its first line that is not blank or a comment (`line`, its text).
    case unrecognisedText(path: String, line: Int, text: String)
    /// A file that holds nothing to read: empty, or `bytes` of blanks, line ends, a byte order
    /// mark and comments only.
    case emptyFile(path: String, bytes: Int)
    /// A file could not be written; `reason` is the system's wording.
    case fileUnwritable(path: String, reason: String)
    /// A tag file nobody may write (no write permission): TapCard refuses to replace it, although
    /// the directory would let a rename do so.
    case fileReadOnly(path: String)
    /// A file a command creates could not be put at `path`: a symbolic link is there (never
    /// written through), or a file that is not to be replaced; `reason` says which.
    case fileInTheWay(path: String, reason: String)
    /// Another process held the tag file's lock for all of `seconds`.
    case lockTimeout(path: String, seconds: Int)
    /// A virtual Type 4 tag file that does not parse (its line and what is wrong).
    case malformedType4File(path: String, Type4FileError)
    /// Type 4 files, keys or signature that do not fit the model; the text says how.
    case type4Memory(String)
    /// A Type 4 virtual tag where the caller can only use a Type 2 one.
    case notType2(path: String)
    /// A UID that is not one of the model's: 8 bytes with its prefix (`E0 04 01`, `E0 02 24`…).
    case type5UID([UInt8], model: TagModel)
    /// Type 5 blocks, locks, signature or settings that do not fit the model; the text says how.
    case type5Memory(String)
    /// A Flipper Zero SLIX / ISO15693-3 file that does not parse (its line and what is wrong).
    case malformedType5File(path: String, Type5FileError)
    /// A FeliCa IDm must be 8 bytes.
    case idmLength(Int)
    /// A Flipper Zero FeliCa file that does not load (its line and what is wrong).
    case malformedFeliCaFile(path: String, FeliCaFileError)
    /// FeliCa blocks that do not fit the model; the text says how.
    case type3Memory(String)
    /// A MIFARE Classic UID has 4 or 7 bytes.
    case classicUID(length: Int)
    /// MIFARE Classic blocks that do not fit the model; the text says how.
    case classicMemory(String)
    /// A Flipper Zero Mifare Classic file that does not load (its line and what is wrong).
    case malformedClassicFile(path: String, ClassicFileError)
    /// A Proxmark3, MIFARE Classic Tool or libnfc dump of a MIFARE Classic card that does not read.
    case malformedClassicDump(path: String, format: ClassicDumpFormat, ClassicDumpError)
    /// A command that changes a tag was pointed at another tool's dump: dumps are read-only.
    case dumpIsReadOnly(path: String, format: String)
    /// A Flipper Zero DESFire file that cannot be read as a card.
    case malformedDESFireFile(path: String, DESFireFlipperFileError)
    /// A Flipper Zero `Type 4 Tag` or `NTAG4xx` file that cannot be read, or cannot make a tag.
    case malformedFlipperType4File(path: String, FlipperType4FileError)
    /// A Proxmark3 JSON dump that cannot be read as a tag.
    case malformedProxmark3File(path: String, Proxmark3DumpError)

    public var origin: ErrorOrigin {
        switch self {
        case .inFile(_, let error): error.origin
        case .unrecognisedBinary, .unrecognisedText, .emptyFile: .input
        case .unsupportedModel, .unknownChip, .malformedFile, .uidLength, .uidCascadeTag, .imageSize, .type5Image,
            .signatureLength,
            .malformedType4File, .type4Memory, .notType2, .type5UID, .type5Memory, .malformedType5File, .idmLength,
            .malformedFeliCaFile, .type3Memory, .classicUID, .classicMemory, .malformedClassicFile,
            .malformedClassicDump, .malformedProxmark3File, .malformedDESFireFile, .malformedFlipperType4File,
            .fileTooLarge:
            .input
        case .fileUnreadable, .fileUnwritable: .platform
        case .fileReadOnly, .lockTimeout, .fileInTheWay, .dumpIsReadOnly: .refusal
        }
    }

    /// A tag file or an output that could not be written where it lies, the read-only one
    /// included: the CLI's one status for a file not written (74).
    public var isUnwritable: Bool {
        switch self {
        case .fileUnwritable, .fileReadOnly: true
        case .inFile(_, let error): error.isUnwritable
        default: false
        }
    }

    public var sentence: String {
        switch self {
        case .unsupportedModel(let model):
            "The emulator cannot emulate \(model.displayName); it emulates NTAG203/210/212/213/215/216, MIFARE Ultralight, Ultralight EV1, NTAG 424 DNA, a generic Type 4 tag, ICODE SLIX2, ST25DV04K, FeliCa Lite-S and MIFARE Classic 1K/4K."
        case .unknownChip(let name):
            "The dump is of a chip named '\(name)', which TapCard cannot identify as a model it emulates."
        case .malformedFile(let path, let error, let dump):
            // Without a Device type line the family is not known: only then is the file named by its tool alone.
            error == .syntax(.missingField("Device type")) || error.isUnsupportedDeviceType
                ? "\(path) is not a readable Flipper Zero dump: \(error.sentence)"
                : "\(path) is not a readable \(dump ? "Flipper Zero NTAG/Ultralight dump" : "virtual tag"): \(error.sentence)"
        case .uidCascadeTag(let index):
            "The UID's byte \(index) is 88, the cascade tag: ISO/IEC 14443-3 reserves 88 there (anticollision sends it before a double UID's first three bytes), so no real tag has this UID."
        case .uidLength(let count):
            "The UID has \(count) bytes; the NXP tags TapCard emulates (NTAG, MIFARE Ultralight, NTAG 424 DNA) have 7-byte UIDs."
        case .type5Image(let path, let bytes, let model, let emlProblem):
            emlProblem.map { "\(path) is not a readable .eml of \(model.withArticle): \($0)." }
                ?? "\(path) is not a raw \(model.displayName) image: it holds \(bytes) \(bytes == 1 ? "byte" : "bytes"); one is \(Type5RawImage.sizes(of: model))."
        case .imageSize(let bytes, let expected, let model):
            "The memory image has \(bytes) bytes; \(FlipperDump.withArticle(model.displayName)) has \(expected) bytes (\(expected / 4) pages)."
        case .signatureLength(let count):
            "The originality signature has \(count) bytes; it must have 32 (r and s, 16 bytes each)."
        case .fileUnreadable(let path, let reason):
            "Could not read \(path): \(reason)."
        case .fileTooLarge(let path, let size, let limit):
            "\(path) is \(size) bytes, over the \(limit)-byte limit on a file TapCard reads as a tag or a dump (the largest tag file, a DESFire EV2 8 KB with its memory full, is about 31 KB). It was not read, and nothing was written."
        case .fileUnwritable(let path, let reason):
            "Could not write \(path): \(reason)."
        case .fileInTheWay(let path, let reason):
            "\(path) \(reason). Nothing was written."
        case .fileReadOnly(let path):
            "\(path) is read-only (no write permission), so TapCard did not change it; make it writable (chmod u+w) to change the tag."
        case .lockTimeout(let path, let seconds):
            "Another process was still using \(path) after \(seconds) s of waiting; nothing was done."
        case .malformedType4File(let path, let error):
            "\(path) is not a readable virtual Type 4 tag: \(error.sentence)"
        case .type4Memory(let reason):
            "The Type 4 tag's contents do not fit its model: \(reason)."
        case .notType2(let path):
            "\(path) holds a virtual Type 4 tag; this needs a Type 2 (NTAG/Ultralight) virtual tag."
        case .type5UID(let uid, let model):
            "The UID \(Hex.encode(uid, uppercase: true, separator: " ")) (\(uid.count) bytes) is not \(model.withArticle) UID; it must have 8 bytes and start \(Hex.encode(model.type5?.uidPrefix ?? [0xE0], uppercase: true, separator: " "))\(model == .icodeSLIX2 ? " with bits 4–3 of the next byte 01" : "")."
        case .type5Memory(let reason):
            "The Type 5 tag's memory does not fit its model: \(reason)."
        case .malformedType5File(let path, let error):
            "\(path) is not a readable Flipper Zero Type 5 file: \(error.sentence)"
        case .idmLength(let count):
            "The IDm has \(count) bytes; a FeliCa IDm has 8."
        case .malformedDESFireFile(let path, let error):
            "\(path) is not a readable Flipper Zero DESFire file: \(error.sentence)"
        case .malformedFlipperType4File(let path, let error):
            "\(path) does not make a Type 4 tag: \(error.sentence)"
        case .dumpIsReadOnly(let path, let format):
            "\(path) is a \(format), which TapCard reads but never changes; make a virtual tag of it with 'tapcard sim import \(path) FILE' and change that. Nothing was written."
        case .inFile(let path, let error):
            "\(path): \(error.sentence)"
        case .unrecognisedBinary(let path, let bytes):
            "\(path) holds \(bytes) \(bytes == 1 ? "byte" : "bytes") of binary data in no format TapCard recognises from the content: a raw MIFARE Classic image (Proxmark3 .bin, libnfc .mfd) has exactly 1024 or 4096 bytes, and a raw image of a tag's pages or a Proxmark3 'hf mfu dump' .bin is read only with --model MODEL (sim import), which says the size it needs."
        case .emptyFile(let path, let bytes):
            bytes == 0
                ? "\(path) is empty (0 bytes): it holds no tag and no dump."
                : "\(path) holds no tag and no dump: its \(bytes) \(bytes == 1 ? "byte is" : "bytes are") blank lines, spaces, a byte order mark or comments only."
        case .unrecognisedText(let path, let line, let text):
            "\(path) is text in no format TapCard recognises: line \(line), '\(text)', begins none of them (a Flipper Zero .nfc begins 'Filetype: Flipper NFC device', a Proxmark3 JSON dump '{', a MIFARE Classic Tool dump has '+Sector: N' lines, a Proxmark3 .eml lines of 32 hex digits)."
        case .malformedProxmark3File(let path, let error):
            "\(path) is not a readable Proxmark3 dump: \(error.sentence)"
        case .malformedFeliCaFile(let path, let error):
            "\(path) is not a readable Flipper Zero FeliCa file: \(error.sentence)"
        case .type3Memory(let reason):
            "The FeliCa card's blocks do not fit its model: \(reason)."
        case .classicUID(let length):
            "The UID has \(length) bytes; a MIFARE Classic card has a 4-byte or a 7-byte UID."
        case .classicMemory(let reason):
            "The MIFARE Classic card's blocks do not fit its model: \(reason)."
        case .malformedClassicFile(let path, let error):
            "\(path) is not a readable Flipper Zero Mifare Classic file: \(error.sentence)"
        case .malformedClassicDump(let path, let format, let error):
            "\(path) is not a readable \(format.displayName) of a MIFARE Classic card: \(error.sentence)"
        }
    }
}
