/// Serializes an ``NDEFMessage`` (NFC Forum NDEF 1.0 §3.2): flags derived from each record's place
/// and sizes, SR when a payload (or chunk) is under 256 bytes.
enum MessageEncoder {
    /// The TNFs whose records name a type (NDEF 1.0 §3.2.6).
    static let typedTNFs: Set<TypeNameFormat> = [.wellKnown, .media, .absoluteURI, .external]

    static func encode(_ message: NDEFMessage, chunkSize: Int?, into out: inout [UInt8]) {
        guard !message.records.isEmpty else {
            out.append(contentsOf: [0xD0, 0x00, 0x00])
            return
        }
        let last = message.records.count - 1
        for (index, record) in message.records.enumerated() {
            var flags: RecordHeader = []
            if index == 0 { flags.insert(.messageBegin) }
            let isLast = index == last
            let type = record.type.prefix(255)
            let id = record.id.prefix(255)
            // A typeless well-known/media/absolute-URI/external record is written whole: its initial
            // chunk would have to carry a type it does not have, which a decoder rightly refuses.
            let chunkable = record.tnf != .empty && !(Self.typedTNFs.contains(record.tnf) && type.isEmpty)
            if let chunkSize, chunkable, record.payload.count > chunkSize {
                var start = 0
                while start < record.payload.count {
                    let end = min(start + chunkSize, record.payload.count)
                    let isInitial = start == 0
                    let isFinal = end == record.payload.count
                    var chunkFlags = isInitial ? flags : []
                    if !isFinal { chunkFlags.insert(.chunk) }
                    if isFinal && isLast { chunkFlags.insert(.messageEnd) }
                    writeRecord(
                        flags: chunkFlags, tnf: isInitial ? record.tnf : .unchanged,
                        type: isInitial ? type : [], id: isInitial ? id : [],
                        payload: record.payload[start..<end], into: &out)
                    start = end
                }
            } else {
                if isLast { flags.insert(.messageEnd) }
                writeRecord(
                    flags: flags, tnf: record.tnf, type: type, id: id, payload: record.payload[...], into: &out)
            }
        }
    }

    private static func writeRecord(
        flags: RecordHeader, tnf: TypeNameFormat, type: ArraySlice<UInt8>, id: ArraySlice<UInt8>,
        payload: ArraySlice<UInt8>, into out: inout [UInt8]
    ) {
        var flags = flags
        let isShort = payload.count < 256
        if isShort { flags.insert(.shortRecord) }
        if !id.isEmpty { flags.insert(.idLength) }
        out.append(flags.rawValue | tnf.rawValue)
        out.append(UInt8(type.count))
        if isShort {
            out.append(UInt8(payload.count))
        } else {
            let length = UInt32(truncatingIfNeeded: payload.count)
            out.append(contentsOf: [
                UInt8(length >> 24), UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8),
                UInt8(truncatingIfNeeded: length),
            ])
        }
        if !id.isEmpty { out.append(UInt8(id.count)) }
        out.append(contentsOf: type)
        out.append(contentsOf: id)
        out.append(contentsOf: payload)
    }
}
