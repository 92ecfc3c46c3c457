/// The NFC Forum Type 2 NDEF mapping as the stand-in's "iOS" performs it (T2T 1.0 §2.3 CC,
/// §2.4 TLV blocks, §6.4 NDEF write procedure: length zeroed first, message, then length).
/// Figures iOS does not document are marked UNVERIFIED: the capacity it reports (modelled as the
/// largest message that fits after the control TLVs: 137 for a factory NTAG213, 868 for an
/// NTAG216) and the bytes `writeLock` sets.
struct StandInType2 {
    let tag: StandInTag

    private static let notSupported = NFCReaderError(
        .readerTransceiveErrorTagResponseError, message: "NDEF not supported")

    private func page(_ number: Int) async -> Result<[UInt8], NFCReaderError> {
        switch await tag.transceive([0x30, UInt8(truncatingIfNeeded: number)]) {
        case .success(let bytes) where bytes.count == 16: .success(bytes)
        case .success: .failure(NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Tag response error"))
        case .failure(let error): .failure(error)
        }
    }

    private func write(page number: Int, _ bytes: ArraySlice<UInt8>) async -> NFCReaderError? {
        switch await tag.transceive([0xA2, UInt8(truncatingIfNeeded: number)] + bytes) {
        case .success([0x0A]): nil
        case .success: NFCReaderError(.ndefReaderSessionErrorTagUpdateFailure, message: "Tag update failure")
        case .failure(let error): error
        }
    }

    /// The capability container, or `nil` when the tag is not NDEF formatted.
    private func capabilityContainer() async -> Result<[UInt8]?, NFCReaderError> {
        switch await page(3) {
        case .success(let bytes):
            let cc = Array(bytes[0..<4])
            return .success(cc[0] == 0xE1 && cc[1] >> 4 == 1 && cc[2] > 0 ? cc : nil)
        case .failure(let error): return .failure(error)
        }
    }

    private func dataArea(size: Int) async -> Result<[UInt8], NFCReaderError> {
        var bytes: [UInt8] = []
        var next = 4
        while bytes.count < size {
            switch await page(next) {
            case .success(let chunk): bytes += chunk
            case .failure(let error): return .failure(error)
            }
            next += 4
        }
        return .success(Array(bytes.prefix(size)))
    }

    /// The largest message that fits after `offset` bytes of control TLVs: a 2-byte TLV header
    /// up to 254 bytes, 4 bytes from 255 on (the terminator is written only if space permits).
    static func capacity(area: Int, offset: Int) -> Int {
        let free = area - offset
        let short = min(free - 2, 0xFE)
        let long = free - 4 >= 0xFF ? min(free - 4, 0xFFFE) : 0
        return max(0, short, long)
    }

    func status() async -> Result<(NFCNDEFStatus, Int), NFCReaderError> {
        switch await capabilityContainer() {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success((.notSupported, 0))
        case .success(let cc?):
            let size = Int(cc[2]) * 8
            switch await dataArea(size: size) {
            case .failure(let error): return .failure(error)
            case .success(let area):
                let capacity = Self.capacity(area: size, offset: Self.locate(area).offset)
                return .success((cc[3] == 0x00 ? .readWrite : .readOnly, capacity))
            }
        }
    }

    /// Where the NDEF TLV starts in the data area (after NULL, Lock Control and Memory Control
    /// TLVs), and the message it holds if any.
    private static func locate(_ area: [UInt8]) -> (offset: Int, message: ArraySlice<UInt8>?) {
        var i = 0
        while i < area.count {
            switch area[i] {
            case 0x00: i += 1
            case 0x01, 0x02:
                guard i + 1 < area.count else { return (i, nil) }
                i += 2 + Int(area[i + 1])
            case 0x03:
                guard i + 1 < area.count else { return (i, nil) }
                var length = Int(area[i + 1])
                var start = i + 2
                if length == 0xFF {
                    guard i + 3 < area.count else { return (i, nil) }
                    length = Int(area[i + 2]) << 8 | Int(area[i + 3])
                    start = i + 4
                }
                guard length > 0, start + length <= area.count else { return (i, nil) }
                return (i, area[start..<start + length])
            default: return (i, nil)
            }
        }
        return (min(i, area.count), nil)
    }

    func read() async -> Result<[UInt8], NFCReaderError> {
        let cc: [UInt8]
        switch await capabilityContainer() {
        case .failure(let error): return .failure(error)
        case .success(nil): return .failure(Self.notSupported)
        case .success(let found?): cc = found
        }
        switch await dataArea(size: Int(cc[2]) * 8) {
        case .failure(let error): return .failure(error)
        case .success(let area):
            // A formatted tag without a message is an error on iOS, not an empty message.
            guard let message = Self.locate(area).message else {
                return .failure(
                    NFCReaderError(
                        .ndefReaderSessionErrorZeroLengthMessage, message: "NDEF tag does not contain any NDEF message")
                )
            }
            guard StandInNDEFCodec.decode(Array(message)) != nil else {
                return .failure(NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Invalid NDEF message"))
            }
            return .success(Array(message))
        }
    }

    func write(_ records: [StandInNDEFCodec.Record]) async -> Result<Void, NFCReaderError> {
        guard !records.isEmpty else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorZeroLengthMessage, message: "Zero length message"))
        }
        let cc: [UInt8]
        switch await capabilityContainer() {
        case .failure(let error): return .failure(error)
        case .success(nil):
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagNotWritable, message: "Tag is not NDEF formatted"))
        case .success(let found?): cc = found
        }
        guard cc[3] == 0x00 else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagNotWritable, message: "Tag is read only"))
        }
        let size = Int(cc[2]) * 8
        let original: [UInt8]
        switch await dataArea(size: size) {
        case .failure(let error): return .failure(error)
        case .success(let area): original = area
        }
        let message = StandInNDEFCodec.encode(records)
        let offset = Self.locate(original).offset
        let header: [UInt8] =
            message.count < 0xFF
            ? [0x03, UInt8(message.count)] : [0x03, 0xFF, UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        guard offset + header.count + message.count <= size else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagSizeTooSmall, message: "Tag size too small"))
        }
        var final = original
        var tlv = header + message
        if offset + tlv.count < size { tlv.append(0xFE) }
        final.replaceSubrange(offset..<offset + tlv.count, with: tlv)
        var zeroed = final
        for k in 1..<header.count { zeroed[offset + k] = header.count == 4 && k == 1 ? 0xFF : 0 }
        let headerPages = Set((offset..<offset + header.count).map { $0 / 4 })
        let bodyPages = Set((offset..<offset + tlv.count).map { $0 / 4 }).subtracting(headerPages)
        for index in headerPages.sorted() {
            if let error = await write(page: 4 + index, zeroed[index * 4..<index * 4 + 4]) { return .failure(error) }
        }
        for index in bodyPages.sorted() {
            if let error = await write(page: 4 + index, final[index * 4..<index * 4 + 4]) { return .failure(error) }
        }
        for index in headerPages.sorted() {
            if let error = await write(page: 4 + index, final[index * 4..<index * 4 + 4]) { return .failure(error) }
        }
        return .success(())
    }

    /// CC access byte → 0x0F, dynamic lock bits (where the tag has them), then the static lock
    /// bytes, which also freeze the CC page (T2T 1.0 §4.6 "from READ/WRITE to READ-ONLY").
    func lock() async -> Result<Void, NFCReaderError> {
        let cc: [UInt8]
        switch await capabilityContainer() {
        case .failure(let error): return .failure(error)
        case .success(nil):
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagNotWritable, message: "Tag is not NDEF formatted"))
        case .success(let found?): cc = found
        }
        guard cc[3] == 0x00 else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagNotWritable, message: "Tag is read only"))
        }
        let page2: [UInt8]
        switch await page(2) {
        case .failure(let error): return .failure(error)
        case .success(let bytes): page2 = Array(bytes[0..<4])
        }
        if let error = await write(page: 3, [cc[0], cc[1], cc[2], 0x0F][...]) { return .failure(error) }
        if let dynamic = tag.dynamicLockPage, let error = await write(page: dynamic, [0xFF, 0xFF, 0xFF, 0x00][...]) {
            return .failure(error)
        }
        if let error = await write(page: 2, [page2[0], page2[1], 0xFF, 0xFF][...]) { return .failure(error) }
        return .success(())
    }
}
