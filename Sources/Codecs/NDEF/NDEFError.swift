import TapCardSupport

/// Why bytes are not a valid NDEF message or record payload. Every case names the byte offset
/// (from the start of the decoded input) and the rule of NFC Forum NDEF 1.0 or of the record
/// type definition that the bytes break.
public enum NDEFError: TapCardError, Hashable {
    // MARK: Message structure (NDEF 1.0 §3)

    /// No bytes at all: a message has at least one record (NDEF 1.0 §3.3).
    case emptyInput
    /// A fixed header field is cut off: `needed` bytes from `offset`, `available` present.
    case truncated(field: RecordField, offset: Int, needed: Int, available: Int)
    /// A TYPE, ID or PAYLOAD field whose length byte(s) claim more bytes than remain.
    case lengthPastEnd(field: RecordField, offset: Int, declared: Int, available: Int)
    /// The first record lacks the MB flag (NDEF 1.0 §3.2.1).
    case missingMessageBegin(offset: Int)
    /// A record after the first carries the MB flag (NDEF 1.0 §3.2.1).
    case misplacedMessageBegin(offset: Int)
    /// The input ends after a record that lacks the ME flag (NDEF 1.0 §3.2.2).
    case missingMessageEnd(offset: Int)
    /// Bytes follow the record that carries ME (NDEF 1.0 §3.3: ME marks the last record).
    case bytesAfterMessageEnd(offset: Int, count: Int)
    /// TNF 0 (empty) with a non-zero TYPE_LENGTH, ID_LENGTH or PAYLOAD_LENGTH (NDEF 1.0 §3.2.6).
    case emptyRecordWithContent(offset: Int, typeLength: Int, idLength: Int, payloadLength: Int)
    /// TNF 6 (unchanged) outside the middle or terminating chunk of a chunk sequence (§3.2.6).
    case unchangedOutsideChunk(offset: Int)
    /// TNF 5 (unknown) or 6 (unchanged) with TYPE_LENGTH ≠ 0 (NDEF 1.0 §3.2.6).
    case typeNotAllowed(offset: Int, tnf: TypeNameFormat, typeLength: Int)
    /// The initial chunk of a chunked record has no type: TNF 0 or 6, or an empty TYPE for
    /// TNF 1–4 (NDEF 1.0 §2.3.3: the initial chunk carries the type of the whole payload).
    case chunkWithoutType(offset: Int, tnf: TypeNameFormat)
    /// A middle or terminating chunk whose TNF is not 6 (unchanged) (NDEF 1.0 §2.3.3).
    case chunkNotUnchanged(offset: Int, tnf: TypeNameFormat)
    /// A middle or terminating chunk with TYPE_LENGTH ≠ 0 (NDEF 1.0 §2.3.3).
    case chunkWithType(offset: Int, typeLength: Int)
    /// A middle or terminating chunk with the IL flag (an ID) (NDEF 1.0 §2.3.3).
    case chunkWithID(offset: Int)
    /// A chunk sequence that the message ends inside of (NDEF 1.0 §2.3.3: the terminating chunk
    /// has CF = 0 and belongs to the same message).
    case unterminatedChunk(offset: Int, chunkStart: Int)
    /// TNF 7 is reserved (NDEF 1.0 §3.2.6): a parser must reject it.
    case reservedTNF(offset: Int)
    /// TNF 1–4 with an empty TYPE (NDEF 1.0 §3.2.6), refused only under
    /// ``RecordProblemPolicy/refuse``; by default the record is kept and flagged
    /// (``RecordProblem/emptyType(_:)``).
    case missingType(offset: Int, tnf: TypeNameFormat)
    /// A URI record whose URI holds a character unsafe to show, refused only under
    /// ``RecordProblemPolicy/refuse``; by default kept and flagged
    /// (``RecordProblem/uriCharacter(scalar:position:)``).
    case unsafeURICharacter(offset: Int, scalar: UInt32, position: Int)

    // MARK: Record payloads (record type definitions)

    /// A payload shorter than its record type needs (e.g. a URI record without its code byte).
    case payloadTooShort(kind: String, offset: Int, needed: Int, available: Int)
    /// A text field (`what`) that is not valid UTF-8, first bad byte at `offset`.
    case invalidUTF8(what: String, offset: Int)
    /// UTF-16 text with an odd number of bytes (RTD-Text 1.0 §3.2.3).
    case oddUTF16Length(offset: Int, count: Int)
    /// UTF-16 text with an unpaired surrogate at `offset`.
    case invalidUTF16(offset: Int)
    /// A Text record whose language code length is 0 (RTD-Text 1.0 §3.2.1: the code is mandatory).
    case missingLanguage(offset: Int)
    /// A Text record whose language code length runs past the payload (RTD-Text 1.0 §3.2.1).
    case languagePastEnd(offset: Int, declared: Int, available: Int)
    /// A Smart Poster whose nested message does not hold exactly one URI record (RTD-SP 1.0 §3.2).
    case smartPosterURICount(offset: Int, count: Int)
    /// Bluetooth OOB data whose 2-byte length field is not the payload's size (Bluetooth Core
    /// v5.3 Vol 3 Part C §5.2.2.7: the length counts the whole OOB data block).
    case bluetoothLength(offset: Int, declared: Int, actual: Int)

    // MARK: Encoding

    /// A TYPE or ID longer than its one-byte length field allows (255), or a Text language code
    /// longer than its 6-bit length allows (63); `record` counts from 0.
    case fieldTooLong(record: Int, field: RecordField, length: Int, maximum: Int)

    public var origin: ErrorOrigin { .input }

    /// The byte offset the error points at, or `nil` for encoding errors.
    public var offset: Int? {
        switch self {
        case .emptyInput: 0
        case .truncated(_, let offset, _, _), .lengthPastEnd(_, let offset, _, _),
            .missingMessageBegin(let offset), .misplacedMessageBegin(let offset),
            .missingMessageEnd(let offset), .bytesAfterMessageEnd(let offset, _),
            .emptyRecordWithContent(let offset, _, _, _), .unchangedOutsideChunk(let offset),
            .typeNotAllowed(let offset, _, _), .chunkWithoutType(let offset, _),
            .chunkNotUnchanged(let offset, _), .chunkWithType(let offset, _), .chunkWithID(let offset),
            .unterminatedChunk(let offset, _), .reservedTNF(let offset), .missingType(let offset, _),
            .unsafeURICharacter(let offset, _, _), .payloadTooShort(_, let offset, _, _), .invalidUTF8(_, let offset),
            .oddUTF16Length(let offset, _), .invalidUTF16(let offset), .missingLanguage(let offset),
            .languagePastEnd(let offset, _, _), .smartPosterURICount(let offset, _),
            .bluetoothLength(let offset, _, _):
            offset
        case .fieldTooLong: nil
        }
    }

    /// The rule in words, without the offset.
    public var rule: String {
        switch self {
        case .emptyInput:
            "The input is empty; an NDEF message has at least one record."
        case .truncated(let field, _, let needed, let available):
            "The input ends inside a record's \(field.rawValue): \(needed) \(bytes(needed)) needed, \(available) present."
        case .lengthPastEnd(let field, _, let declared, let available):
            "The record's \(field.rawValue) field is declared as \(declared) \(bytes(declared)) but only \(available) \(bytes(available)) \(available == 1 ? "remains" : "remain")."
        case .missingMessageBegin:
            "The first record does not have the MB (message begin) flag."
        case .misplacedMessageBegin:
            "A record after the first has the MB (message begin) flag."
        case .missingMessageEnd:
            "The input ends but the last record does not have the ME (message end) flag."
        case .bytesAfterMessageEnd(_, let count):
            "\(count) \(bytes(count)) \(count == 1 ? "follows" : "follow") the record with the ME (message end) flag."
        case .emptyRecordWithContent(_, let t, let i, let p):
            "An empty record (TNF 0) must have zero lengths, but TYPE_LENGTH is \(t), ID_LENGTH \(i), PAYLOAD_LENGTH \(p)."
        case .unchangedOutsideChunk:
            "TNF 6 (unchanged) is only allowed in the middle or last chunk of a chunked record."
        case .typeNotAllowed(_, let tnf, let length):
            "A record with TNF \(tnf.rawValue) (\(tnf.name)) must have no type, but TYPE_LENGTH is \(length)."
        case .chunkWithoutType(_, let tnf):
            "The first chunk of a chunked record must carry the type, but it has TNF \(tnf.rawValue) (\(tnf.name)) and no type."
        case .chunkNotUnchanged(_, let tnf):
            "A middle or last chunk must have TNF 6 (unchanged), not TNF \(tnf.rawValue) (\(tnf.name))."
        case .chunkWithType(_, let length):
            "A middle or last chunk must have no type, but TYPE_LENGTH is \(length)."
        case .chunkWithID:
            "A middle or last chunk must not have an ID (IL flag set)."
        case .unterminatedChunk(_, let start):
            "The chunked record that starts at byte \(start) has no last chunk (a chunk with CF clear) before the message ends."
        case .reservedTNF:
            "TNF 7 is reserved and must not be used."
        case .missingType(_, let tnf):
            RecordProblem.emptyType(tnf).sentence + "."
        case .unsafeURICharacter(_, let scalar, let position):
            "The record is " + RecordProblem.uriCharacter(scalar: scalar, position: position).sentence + "."
        case .payloadTooShort(let kind, _, let needed, let available):
            "The \(kind) payload needs at least \(needed) \(bytes(needed)) but has \(available)."
        case .invalidUTF8(let what, _):
            "The \(what) is not valid UTF-8."
        case .oddUTF16Length(_, let count):
            "The UTF-16 text has an odd number of bytes (\(count))."
        case .invalidUTF16:
            "The UTF-16 text has an unpaired surrogate."
        case .missingLanguage:
            "The text record's language code length is 0; a language code is required."
        case .languagePastEnd(_, let declared, let available):
            "The text record's language code length is \(declared) but only \(available) \(bytes(available)) \(available == 1 ? "follows" : "follow") the status byte."
        case .smartPosterURICount(_, let count):
            "A smart poster must contain exactly one URI record, but it has \(count)."
        case .bluetoothLength(_, let declared, let actual):
            "The Bluetooth OOB data length field says \(declared) \(bytes(declared)) but the payload has \(actual); the length counts the whole OOB data block, its own 2 bytes included."
        case .fieldTooLong(let record, let field, let length, let maximum):
            "Record \(record + 1) has a \(field.rawValue) of \(length) bytes; at most \(maximum) fit."
        }
    }

    public var sentence: String {
        if let offset { return "\(rule) (byte \(offset))" }
        return rule
    }

    /// The same error with every offset moved by `delta` bytes (for errors found inside a nested
    /// message or a payload, reported against the outer input).
    public func shifted(by delta: Int) -> NDEFError {
        mapOffsets { $0 + delta }
    }

    /// The same error with every offset passed through `transform` (e.g. from an offset inside a
    /// reassembled chunked payload to an offset in the input).
    public func mapOffsets(_ transform: (Int) -> Int) -> NDEFError {
        let delta = transform(0)
        let mapped: NDEFError =
            switch self {
            case .emptyInput: .payloadTooShort(kind: "nested message", offset: delta, needed: 3, available: 0)
            case .truncated(let f, let o, let n, let a):
                .truncated(field: f, offset: transform(o), needed: n, available: a)
            case .lengthPastEnd(let f, let o, let d, let a):
                .lengthPastEnd(field: f, offset: transform(o), declared: d, available: a)
            case .missingMessageBegin(let o): .missingMessageBegin(offset: transform(o))
            case .misplacedMessageBegin(let o): .misplacedMessageBegin(offset: transform(o))
            case .missingMessageEnd(let o): .missingMessageEnd(offset: transform(o))
            case .bytesAfterMessageEnd(let o, let c): .bytesAfterMessageEnd(offset: transform(o), count: c)
            case .emptyRecordWithContent(let o, let t, let i, let p):
                .emptyRecordWithContent(offset: transform(o), typeLength: t, idLength: i, payloadLength: p)
            case .unchangedOutsideChunk(let o): .unchangedOutsideChunk(offset: transform(o))
            case .typeNotAllowed(let o, let t, let l): .typeNotAllowed(offset: transform(o), tnf: t, typeLength: l)
            case .chunkWithoutType(let o, let t): .chunkWithoutType(offset: transform(o), tnf: t)
            case .chunkNotUnchanged(let o, let t): .chunkNotUnchanged(offset: transform(o), tnf: t)
            case .chunkWithType(let o, let l): .chunkWithType(offset: transform(o), typeLength: l)
            case .chunkWithID(let o): .chunkWithID(offset: transform(o))
            case .unterminatedChunk(let o, let s): .unterminatedChunk(offset: transform(o), chunkStart: transform(s))
            case .reservedTNF(let o): .reservedTNF(offset: transform(o))
            case .missingType(let o, let t): .missingType(offset: transform(o), tnf: t)
            case .unsafeURICharacter(let o, let s, let p):
                .unsafeURICharacter(offset: transform(o), scalar: s, position: p)
            case .payloadTooShort(let k, let o, let n, let a):
                .payloadTooShort(kind: k, offset: transform(o), needed: n, available: a)
            case .invalidUTF8(let w, let o): .invalidUTF8(what: w, offset: transform(o))
            case .oddUTF16Length(let o, let c): .oddUTF16Length(offset: transform(o), count: c)
            case .invalidUTF16(let o): .invalidUTF16(offset: transform(o))
            case .missingLanguage(let o): .missingLanguage(offset: transform(o))
            case .languagePastEnd(let o, let d, let a):
                .languagePastEnd(offset: transform(o), declared: d, available: a)
            case .smartPosterURICount(let o, let c): .smartPosterURICount(offset: transform(o), count: c)
            case .bluetoothLength(let o, let d, let a): .bluetoothLength(offset: transform(o), declared: d, actual: a)
            case .fieldTooLong: self
            }
        return mapped
    }

    private func bytes(_ count: Int) -> String { count == 1 ? "byte" : "bytes" }
}
