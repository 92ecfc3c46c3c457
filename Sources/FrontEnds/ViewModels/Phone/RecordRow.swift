import CoreNFCTransport
import NDEF

/// One record of a tag's message, ready to show: its typed view (screens switch on it), a title,
/// the readable content, and a hex dump for anything that is not text.
public struct RecordRow: Sendable, Equatable, Identifiable {
    public let id: Int
    public let view: RecordView
    public let title: String
    public let detail: String
    /// Hex dump lines of the payload for unknown, binary or malformed records; empty otherwise.
    public let hexDump: [String]

    public init(index: Int, fields: NDEFRecordFields) {
        let record = NDEFRecord(
            tnf: TypeNameFormat(rawValue: fields.tnf & 0x07) ?? .unknown, type: fields.type, id: fields.id,
            payload: fields.payload)
        let view = record.view
        self.id = index
        self.view = view
        let dump = HexDump.lines(fields.payload)
        switch view {
        case .empty:
            (title, detail, hexDump) = ("Empty record", "No type, no payload.", [])
        case .uri(let uri):
            (title, detail, hexDump) = ("Link", uri.uri, [])
        case .text(let text):
            (title, detail, hexDump) = ("Text (\(text.language), \(text.encoding.rawValue))", text.text, [])
        case .smartPoster(let poster):
            let titles = poster.titlesByLanguage.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            (title, detail, hexDump) = ("Smart poster", ([poster.uri.uri] + titles).joined(separator: "\n"), [])
        case .mime(let mime):
            if let text = mime.text {
                (title, detail, hexDump) = ("MIME \(mime.type)", text, [])
            } else {
                (title, detail, hexDump) = ("MIME \(mime.type)", "\(fields.payload.count) bytes of binary data.", dump)
            }
        case .external(let external):
            (title, detail, hexDump) = ("External \(external.type)", "\(fields.payload.count) bytes.", dump)
        case .androidApplication(let app):
            (title, detail, hexDump) = ("Android app", app.package, [])
        case .absoluteURI(let absolute):
            (title, detail, hexDump) = ("Absolute URI", absolute.uri, absolute.payload.isEmpty ? [] : dump)
        case .unknown(let tnf, let type, let payload):
            let typeText = String(decoding: type, as: UTF8.self)
            (title, detail, hexDump) = (
                "Unknown record (\(tnf.name), type \"\(typeText)\")", "\(payload.count) bytes, shown as hex.", dump
            )
        case .invalid(let error):
            (title, detail, hexDump) = ("Malformed record", error.sentence, dump)
        }
    }
}
