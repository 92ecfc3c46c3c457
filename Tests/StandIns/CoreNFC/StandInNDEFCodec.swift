import Foundation

/// The stand-in's own NDEF record codec (NFC Forum NDEF 1.0 §3.2: MB ME CF SR IL TNF header,
/// type length, payload length in 1 or 4 bytes, optional id length). Deliberately independent of
/// TapCard's `NDEF` module: it plays the part of Apple's codec, so tests compare two implementations.
enum StandInNDEFCodec {
    struct Record: Equatable {
        var format: NFCTypeNameFormat
        var type: [UInt8]
        var id: [UInt8]
        var payload: [UInt8]

        init(format: NFCTypeNameFormat, type: [UInt8], id: [UInt8], payload: [UInt8]) {
            self.format = format
            self.type = type
            self.id = id
            self.payload = payload
        }

        init(_ payload: NFCNDEFPayload) {
            self.init(
                format: payload.typeNameFormat, type: [UInt8](payload.type), id: [UInt8](payload.identifier),
                payload: [UInt8](payload.payload))
        }
    }

    static func encode(_ records: [Record]) -> [UInt8] {
        var out: [UInt8] = []
        for (index, record) in records.enumerated() {
            let short = record.payload.count < 256
            var header = record.format.rawValue
            if index == 0 { header |= 0x80 }
            if index == records.count - 1 { header |= 0x40 }
            if short { header |= 0x10 }
            if !record.id.isEmpty { header |= 0x08 }
            out.append(header)
            out.append(UInt8(truncatingIfNeeded: record.type.count))
            if short {
                out.append(UInt8(record.payload.count))
            } else {
                let n = UInt32(truncatingIfNeeded: record.payload.count)
                out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            }
            if !record.id.isEmpty { out.append(UInt8(truncatingIfNeeded: record.id.count)) }
            out += record.type + record.id + record.payload
        }
        return out
    }

    /// `nil` for anything that is not exactly one well-formed, unchunked NDEF message.
    static func decode(_ bytes: [UInt8]) -> [Record]? {
        var records: [Record] = []
        var i = 0
        func take(_ n: Int) -> [UInt8]? {
            guard n >= 0, n <= bytes.count - i else { return nil }
            defer { i += n }
            return Array(bytes[i..<i + n])
        }
        while i < bytes.count {
            guard let h = take(1)?.first, let typeLength = take(1)?.first else { return nil }
            if records.isEmpty != (h & 0x80 != 0) { return nil }
            if h & 0x20 != 0 { return nil }
            let payloadLength: Int
            if h & 0x10 != 0 {
                guard let b = take(1)?.first else { return nil }
                payloadLength = Int(b)
            } else {
                guard let b = take(4) else { return nil }
                payloadLength = b.reduce(0) { $0 << 8 | Int($1) }
            }
            var idLength = 0
            if h & 0x08 != 0 {
                guard let b = take(1)?.first else { return nil }
                idLength = Int(b)
            }
            guard let format = NFCTypeNameFormat(rawValue: h & 0x07), let type = take(Int(typeLength)),
                let id = take(idLength), let payload = take(payloadLength)
            else { return nil }
            records.append(Record(format: format, type: type, id: id, payload: payload))
            if h & 0x40 != 0 { return i == bytes.count ? records : nil }
        }
        return nil
    }
}
