import TapCardSupport

/// The strict NDEF 1.0 parser behind ``NDEFMessage/decode(_:problems:)``.
///
/// It reads record after record, checking each header against the rules of NDEF 1.0 §3.2 before
/// touching the variable fields, and joins chunk sequences (§2.3.3) into one record. Every length
/// is checked against the bytes that remain before anything is copied, so the total allocated is
/// bounded by the input's size.
struct MessageDecoder {
    private var reader: ByteReader
    private let collectLocations: Bool
    private let problems: RecordProblemPolicy
    private(set) var locations: [RecordLocation] = []

    init(bytes: [UInt8], collectLocations: Bool, problems: RecordProblemPolicy = .flag) {
        self.reader = ByteReader(bytes)
        self.collectLocations = collectLocations
        self.problems = problems
    }

    /// A chunk sequence being joined.
    private struct OpenChunk {
        var start: Int
        var tnf: TypeNameFormat
        var type: ArraySlice<UInt8>
        var id: ArraySlice<UInt8>
        var payload: [UInt8]
        var ranges: [Range<Int>]
    }

    /// Under ``RecordProblemPolicy/refuse``, a URI record holding a character unsafe to show is
    /// refused with the record's offset (an empty TYPE is refused where the header is read).
    private func refuseProblems(of record: NDEFRecord, at offset: Int) throws(NDEFError) {
        guard problems == .refuse, case .uriCharacter(let scalar, let position)? = record.uriProblem else { return }
        throw .unsafeURICharacter(offset: offset, scalar: scalar, position: position)
    }

    mutating func decode() throws(NDEFError) -> [NDEFRecord] {
        guard !reader.isAtEnd else { throw .emptyInput }
        var records: [NDEFRecord] = []
        var chunk: OpenChunk? = nil
        var isFirst = true
        var lastStart = 0
        while !reader.isAtEnd {
            let start = reader.offset
            lastStart = start
            guard let headerByte = reader.readByte() else { break }
            let header = RecordHeader(rawValue: headerByte)
            guard let tnf = TypeNameFormat(rawValue: header.tnfBits), tnf != .reserved else {
                throw .reservedTNF(offset: start)
            }
            if isFirst && !header.contains(.messageBegin) { throw .missingMessageBegin(offset: start) }
            if !isFirst && header.contains(.messageBegin) { throw .misplacedMessageBegin(offset: start) }
            isFirst = false

            // Fixed fields: TYPE_LENGTH, PAYLOAD_LENGTH (1 or 4 bytes), ID_LENGTH when IL.
            guard let typeLengthByte = reader.readByte() else {
                throw .truncated(field: .typeLength, offset: reader.offset, needed: 1, available: 0)
            }
            let typeLength = Int(typeLengthByte)
            let payloadLength: Int
            if header.contains(.shortRecord) {
                guard let byte = reader.readByte() else {
                    throw .truncated(field: .payloadLength, offset: reader.offset, needed: 1, available: 0)
                }
                payloadLength = Int(byte)
            } else {
                let at = reader.offset
                guard let value = reader.readUInt32BE() else {
                    throw .truncated(field: .payloadLength, offset: at, needed: 4, available: reader.remaining)
                }
                // Clamped so a 32-bit host cannot trap on a length above Int.max; any such length
                // then fails the bounds check below.
                payloadLength = Int(clamping: value)
            }
            var idLength = 0
            if header.contains(.idLength) {
                guard let byte = reader.readByte() else {
                    throw .truncated(field: .idLength, offset: reader.offset, needed: 1, available: 0)
                }
                idLength = Int(byte)
            }

            let isChunk = header.contains(.chunk)
            let isEnd = header.contains(.messageEnd)
            // Header rules, before any variable field is read.
            if let open = chunk {
                if tnf != .unchanged { throw .chunkNotUnchanged(offset: start, tnf: tnf) }
                if typeLength != 0 { throw .chunkWithType(offset: start, typeLength: typeLength) }
                if header.contains(.idLength) { throw .chunkWithID(offset: start) }
                if isChunk && isEnd { throw .unterminatedChunk(offset: start, chunkStart: open.start) }
            } else {
                switch tnf {
                case .unchanged:
                    throw .unchangedOutsideChunk(offset: start)
                case .empty:
                    if isChunk { throw .chunkWithoutType(offset: start, tnf: tnf) }
                    if typeLength != 0 || idLength != 0 || payloadLength != 0 {
                        throw .emptyRecordWithContent(
                            offset: start, typeLength: typeLength, idLength: idLength, payloadLength: payloadLength)
                    }
                case .unknown:
                    if typeLength != 0 { throw .typeNotAllowed(offset: start, tnf: tnf, typeLength: typeLength) }
                case .wellKnown, .media, .absoluteURI, .external:
                    if isChunk && typeLength == 0 { throw .chunkWithoutType(offset: start, tnf: tnf) }
                    // An unchunked typed record without a type breaks a type rule, not the
                    // structure: kept and flagged (RecordProblem) unless the caller refuses it.
                    if typeLength == 0 && problems == .refuse { throw .missingType(offset: start, tnf: tnf) }
                case .reserved:
                    throw .reservedTNF(offset: start)
                }
                if isChunk && isEnd { throw .unterminatedChunk(offset: start, chunkStart: start) }
            }

            // Variable fields: TYPE, ID, PAYLOAD.
            let typeAt = reader.offset
            guard let type = reader.read(count: typeLength) else {
                throw .lengthPastEnd(field: .type, offset: typeAt, declared: typeLength, available: reader.remaining)
            }
            // A type name that is not printable US-ASCII (RTD 1.0 §2.1, RFC 2046, RFC 3986) breaks
            // a record-type rule, not the message structure: the record is kept and its view is
            // unknown (RecordView), so no byte is lost and its neighbours still decode.
            let idAt = reader.offset
            guard let id = reader.read(count: idLength) else {
                throw .lengthPastEnd(field: .id, offset: idAt, declared: idLength, available: reader.remaining)
            }
            let payloadAt = reader.offset
            guard let payload = reader.read(count: payloadLength) else {
                throw .lengthPastEnd(
                    field: .payload, offset: payloadAt, declared: payloadLength, available: reader.remaining)
            }
            let payloadRange = payloadAt..<(payloadAt + payloadLength)

            if var open = chunk {
                open.payload.append(contentsOf: payload)
                if collectLocations { open.ranges.append(payloadRange) }
                if isChunk {
                    chunk = open
                } else {
                    records.append(
                        NDEFRecord(tnf: open.tnf, type: Array(open.type), id: Array(open.id), payload: open.payload))
                    try refuseProblems(of: records[records.count - 1], at: open.start)
                    if collectLocations {
                        locations.append(RecordLocation(offset: open.start, payloadRanges: open.ranges))
                    }
                    chunk = nil
                }
            } else if isChunk {
                chunk = OpenChunk(
                    start: start, tnf: tnf, type: type, id: id, payload: Array(payload),
                    ranges: collectLocations ? [payloadRange] : [])
            } else {
                records.append(NDEFRecord(tnf: tnf, type: Array(type), id: Array(id), payload: Array(payload)))
                try refuseProblems(of: records[records.count - 1], at: start)
                if collectLocations {
                    locations.append(RecordLocation(offset: start, payloadRanges: [payloadRange]))
                }
            }

            if isEnd {
                if !reader.isAtEnd {
                    throw .bytesAfterMessageEnd(offset: reader.offset, count: reader.remaining)
                }
                return records
            }
        }
        if let open = chunk { throw .unterminatedChunk(offset: lastStart, chunkStart: open.start) }
        throw .missingMessageEnd(offset: lastStart)
    }
}
