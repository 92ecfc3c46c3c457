/// An ISO/IEC 15693-3 request as it goes on air, with what the channel adds to an
/// ``ISO15693Request``: `Flags ‖ Command ‖ [IC mfg code, custom commands 0xA0–0xDF] ‖ [UID,
/// 8 bytes LSB first, when the address flag is set] ‖ parameters ‖ CRC` (shared/reference/
/// type4-type5-ntag424.md §3.1; Flipper `slix_poller_i.c` puts the manufacturer code before the
/// UID the same way).
///
/// For carriers that pass raw frames (a PC/SC transparent exchange, the emulator's wire) and for
/// the fuzz target: ``ISO15693Request/frame(uid:manufacturerCode:)`` encodes,
/// ``parse(frame:)`` decodes and checks the CRC.
public struct ISO15693WireRequest: Sendable, Hashable {
    public var request: ISO15693Request
    /// The UID, `E0` first (as ``ISO15693Request`` users hold it), when the address flag is set.
    public var uid: [UInt8]?
    /// The IC manufacturer code, for custom commands.
    public var manufacturerCode: UInt8?

    public init(request: ISO15693Request, uid: [UInt8]?, manufacturerCode: UInt8?) {
        self.request = request
        self.uid = uid
        self.manufacturerCode = manufacturerCode
    }

    /// Decodes a request frame (CRC included). Total: any bytes give a request or a ``FrameError``.
    /// The inventory flag changes the meaning of bits 5–6 (AFI, slots): such a frame is decoded
    /// without a UID.
    public static func parse(frame: [UInt8]) -> Result<ISO15693WireRequest, FrameError> {
        guard frame.count >= 4 else { return .failure(.tooShort(bytes: frame.count, minimum: 4)) }
        guard ISO15693CRC.isValid(frame) else {
            return .failure(
                .crcMismatch(
                    received: Array(frame.suffix(2)), computed: ISO15693CRC.bytes(of: frame.dropLast(2))))
        }
        let body = Array(frame.dropLast(2))
        let flags = ISO15693Request.Flags(rawValue: body[0])
        let command = body[1]
        var index = 2
        var manufacturerCode: UInt8?
        if (0xA0...0xDF).contains(command) {
            guard index < body.count else { return .failure(.tooShort(bytes: frame.count, minimum: index + 3)) }
            manufacturerCode = body[index]
            index += 1
        }
        var uid: [UInt8]?
        if flags.contains(.address) && !flags.contains(.inventory) {
            guard index + 8 <= body.count else {
                return .failure(.tooShort(bytes: frame.count, minimum: index + 8 + 2))
            }
            uid = body[index..<index + 8].reversed()
            index += 8
        }
        let request = ISO15693Request(flags: flags, command: command, parameters: Array(body[index...]))
        return .success(ISO15693WireRequest(request: request, uid: uid, manufacturerCode: manufacturerCode))
    }

    /// The frame, CRC included.
    public var frame: [UInt8] {
        var out: [UInt8] = [request.flags.rawValue, request.command]
        if request.isCustom { out.append(manufacturerCode ?? 0) }
        if request.flags.contains(.address) && !request.flags.contains(.inventory) {
            out += (uid ?? []).reversed()
        }
        out += request.parameters
        return ISO15693CRC.appending(to: out)
    }
}
