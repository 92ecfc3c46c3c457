extension ISO15693Request {
    /// The request on air: flags, command, the IC manufacturer code for a custom command (0xA0–0xDF),
    /// the UID least significant byte first when ``Flags/address`` is set, the parameters and the
    /// CRC (``ISO15693WireRequest``). `uid` is 8 bytes, `E0` first, as channels hold it.
    public func frame(uid: [UInt8], manufacturerCode: UInt8? = nil) -> Result<[UInt8], FrameError> {
        if flags.contains(.address), uid.count != 8 { return .failure(.uidLength(bytes: uid.count)) }
        let code = manufacturerCode ?? (uid.count == 8 ? uid[1] : 0)
        return .success(ISO15693WireRequest(request: self, uid: uid, manufacturerCode: code).frame)
    }
}

extension ISO15693Response {
    /// Decodes a response frame: flags, data, CRC (shared/reference/type4-type5-ntag424.md §3.1).
    /// Total: too few bytes or a wrong CRC give a ``FrameError``; the error flag stays data.
    public static func parse(frame: [UInt8]) -> Result<ISO15693Response, FrameError> {
        guard frame.count >= 3 else { return .failure(.tooShort(bytes: frame.count, minimum: 3)) }
        guard ISO15693CRC.isValid(frame) else {
            return .failure(
                .crcMismatch(
                    received: Array(frame.suffix(2)), computed: ISO15693CRC.bytes(of: frame.dropLast(2))))
        }
        return .success(ISO15693Response(flags: frame[0], payload: Array(frame[1..<frame.count - 2])))
    }

    /// The response on air: flags, payload, CRC.
    public var frame: [UInt8] { ISO15693CRC.appending(to: [flags] + payload) }
}
