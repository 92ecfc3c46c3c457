/// The parts of an NDEF record an error can point at (NFC Forum NDEF 1.0, §3.2, figure 3).
public enum RecordField: String, Sendable, Equatable, CaseIterable {
    case header = "header byte"
    case typeLength = "TYPE_LENGTH"
    case payloadLength = "PAYLOAD_LENGTH"
    case idLength = "ID_LENGTH"
    case type = "TYPE"
    case id = "ID"
    case payload = "PAYLOAD"
}
