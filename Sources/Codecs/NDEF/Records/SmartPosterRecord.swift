/// What a Smart Poster asks the reader to do with its URI (Smart Poster RTD 1.0 §3.3.3, the
/// local `act` record: one byte).
public enum SmartPosterAction: Sendable, Hashable {
    /// 0x00: do the action (open the URI, send the SMS, …).
    case `do`
    /// 0x01: save for later.
    case save
    /// 0x02: open for editing.
    case edit
    /// 0x03–0xFF: reserved for future use, kept as read.
    case reserved(UInt8)

    public init(rawValue: UInt8) {
        switch rawValue {
        case 0: self = .do
        case 1: self = .save
        case 2: self = .edit
        default: self = .reserved(rawValue)
        }
    }

    public var rawValue: UInt8 {
        switch self {
        case .do: 0
        case .save: 1
        case .edit: 2
        case .reserved(let value): value
        }
    }

    /// `do`, `save`, `edit`, or `0xNN` for a reserved value.
    public var name: String {
        switch self {
        case .do: "do"
        case .save: "save"
        case .edit: "edit"
        case .reserved(let value):
            "0x" + (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
        }
    }
}

/// The Smart Poster record, well-known type `Sp` (NFC Forum Smart Poster RTD 1.0).
///
/// The payload is itself an NDEF message (§3.1) holding exactly one URI record, any number of
/// Text records as titles (at most one per language), and optionally the local records `act`
/// (action, 1 byte), `s` (size of the linked content, 4 bytes big-endian), `t` (its MIME type,
/// UTF-8) and an icon (a MIME record of type `image/*` or `video/*`). Records we do not model are
/// kept in ``otherRecords``.
public struct SmartPoster: Sendable, Hashable {
    public var uri: URIRecord
    /// Titles in the order they appear.
    public var titles: [TextRecord]
    public var action: SmartPosterAction?
    /// Size in bytes of the referenced content, as the poster declares it.
    public var size: UInt32?
    /// MIME type of the referenced content, as the poster declares it.
    public var type: String?
    public var icon: MIMERecord?
    /// Nested records that are none of the above, kept as read.
    public var otherRecords: [NDEFRecord]

    public init(
        uri: URIRecord, titles: [TextRecord] = [], action: SmartPosterAction? = nil, size: UInt32? = nil,
        type: String? = nil, icon: MIMERecord? = nil, otherRecords: [NDEFRecord] = []
    ) {
        self.uri = uri
        self.titles = titles
        self.action = action
        self.size = size
        self.type = type
        self.icon = icon
        self.otherRecords = otherRecords
    }

    /// Title text by language code; when a language repeats, the first title wins.
    public var titlesByLanguage: [String: String] {
        var result: [String: String] = [:]
        for title in titles where result[title.language] == nil { result[title.language] = title.text }
        return result
    }

    private static let actionType: [UInt8] = Array("act".utf8)
    private static let sizeType: [UInt8] = [0x73]
    private static let typeType: [UInt8] = [0x74]

    /// The nested message: URI, titles, action, size, type, icon, then the other records.
    public var message: NDEFMessage {
        var records = [uri.record]
        records += titles.map(\.record)
        if let action { records.append(NDEFRecord(tnf: .wellKnown, type: Self.actionType, payload: [action.rawValue])) }
        if let size {
            records.append(
                NDEFRecord(
                    tnf: .wellKnown, type: Self.sizeType,
                    payload: [
                        UInt8(size >> 24), UInt8(truncatingIfNeeded: size >> 16), UInt8(truncatingIfNeeded: size >> 8),
                        UInt8(truncatingIfNeeded: size),
                    ]))
        }
        if let type { records.append(NDEFRecord(tnf: .wellKnown, type: Self.typeType, payload: Array(type.utf8))) }
        if let icon { records.append(icon.record) }
        records += otherRecords
        return NDEFMessage(records: records)
    }

    /// The record (TNF 1, type `Sp`).
    public var record: NDEFRecord { NDEFRecord(tnf: .wellKnown, type: [0x53, 0x70], payload: message.encoded()) }

    /// Reads a Smart Poster payload; offsets in errors are relative to the payload.
    public static func decode(payload: ArraySlice<UInt8>) throws(NDEFError) -> SmartPoster {
        let bytes = Array(payload)
        guard !bytes.isEmpty else {
            throw .payloadTooShort(kind: "smart poster (a nested NDEF message)", offset: 0, needed: 3, available: 0)
        }
        let (message, locations) = try NDEFMessage.decodeWithLocations(bytes)
        var uris: [URIRecord] = []
        var titles: [TextRecord] = []
        var action: SmartPosterAction? = nil
        var size: UInt32? = nil
        var type: String? = nil
        var icon: MIMERecord? = nil
        var others: [NDEFRecord] = []
        for (record, location) in zip(message.records, locations) {
            let map = { (error: NDEFError) in error.mapOffsets { location.inputOffset(ofPayloadByte: $0) } }
            switch (record.tnf, record.type) {
            case (.wellKnown, [0x55]):
                do { uris.append(try URIRecord.decode(payload: record.payload[...])) } catch { throw map(error) }
            case (.wellKnown, [0x54]):
                do { titles.append(try TextRecord.decode(payload: record.payload[...])) } catch { throw map(error) }
            case (.wellKnown, actionType) where record.payload.count == 1 && action == nil:
                action = SmartPosterAction(rawValue: record.payload[0])
            case (.wellKnown, sizeType) where record.payload.count == 4 && size == nil:
                size = record.payload.reduce(0) { $0 << 8 | UInt32($1) }
            case (.wellKnown, typeType) where type == nil:
                guard case .success(let text) = UnicodeText.utf8(record.payload[...]) else {
                    others.append(record)
                    continue
                }
                type = text
            case (.media, _) where icon == nil && isIconType(record.type):
                icon = MIMERecord(type: String(decoding: record.type, as: UTF8.self), payload: record.payload)
            default:
                others.append(record)
            }
        }
        guard uris.count == 1, let uri = uris.first else {
            throw .smartPosterURICount(offset: 0, count: uris.count)
        }
        return SmartPoster(
            uri: uri, titles: titles, action: action, size: size, type: type, icon: icon, otherRecords: others)
    }

    private static func isIconType(_ type: [UInt8]) -> Bool {
        let lower = RecordType.lowercasedASCII(type)
        return lower.starts(with: Array("image/".utf8)) || lower.starts(with: Array("video/".utf8))
    }
}

extension NDEFRecord {
    /// A Smart Poster record (well-known type `Sp`).
    public static func smartPoster(_ poster: SmartPoster) -> NDEFRecord {
        poster.record
    }

    /// A Smart Poster for `uri` with titles given as language → text pairs, in order:
    /// `.smartPoster(uri: "https://example.com", titles: ["en": "Example", "fr": "Exemple"])`.
    public static func smartPoster(
        uri: String, titles: KeyValuePairs<String, String> = [:], action: SmartPosterAction? = nil
    ) -> NDEFRecord {
        SmartPoster(
            uri: URIRecord(uri: uri), titles: titles.map { TextRecord($0.value, language: $0.key) }, action: action
        ).record
    }
}
