/// An ISO/IEC 7816-4 command APDU: header, optional data, optional expected length.
///
/// ``bytes`` encodes in short form when Lc ≤ 255 and Le ≤ 256, and in extended form otherwise;
/// ``parse(_:)`` reads all four cases of both forms and never traps.
public struct CommandAPDU: Sendable, Hashable, CustomStringConvertible {
    public var cla: UInt8
    public var ins: UInt8
    public var p1: UInt8
    public var p2: UInt8
    /// The command data (Lc is its length); empty for cases 1 and 2.
    public var data: [UInt8]
    /// The number of response data bytes expected (1…65536), or `nil` for none (cases 1 and 3).
    /// 256 is encoded as `00` in short form.
    public var le: Int?

    public init(cla: UInt8, ins: UInt8, p1: UInt8, p2: UInt8, data: [UInt8] = [], le: Int? = nil) {
        self.cla = cla
        self.ins = ins
        self.p1 = p1
        self.p2 = p2
        self.data = data
        self.le = le
    }

    /// What to call it in a sentence: "SELECT (00 A4 04 00)".
    public var label: CommandLabel { .apdu(cla: cla, ins: ins, p1: p1, p2: p2) }

    public var description: String { label.description }

    /// True when the encoding needs the extended form (Lc > 255 or Le > 256).
    public var isExtended: Bool { data.count > 255 || (le ?? 0) > 256 }

    /// The encoded command.
    public var bytes: [UInt8] {
        var out = [cla, ins, p1, p2]
        if isExtended {
            out.append(0x00)
            if !data.isEmpty {
                out += [UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)]
                out += data
            }
            if let le {
                let value = le >= 65536 ? 0 : le
                out += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            }
        } else {
            if !data.isEmpty {
                out.append(UInt8(data.count))
                out += data
            }
            if let le { out.append(le >= 256 ? 0x00 : UInt8(le)) }
        }
        return out
    }

    /// Reads an encoded command APDU (ISO/IEC 7816-3 §12.1 cases 1, 2S, 3S, 4S, 2E, 3E, 4E), or
    /// says why it is not one.
    public static func parse(_ bytes: [UInt8]) -> Result<CommandAPDU, FrameError> {
        guard bytes.count >= 4 else { return .failure(.tooShort(bytes: bytes.count, minimum: 4)) }
        var apdu = CommandAPDU(cla: bytes[0], ins: bytes[1], p1: bytes[2], p2: bytes[3])
        let body = Array(bytes[4...])
        if body.isEmpty { return .success(apdu) }
        if body.count == 1 {
            apdu.le = body[0] == 0 ? 256 : Int(body[0])
            return .success(apdu)
        }
        if body[0] != 0 {
            let lc = Int(body[0])
            if body.count == 1 + lc { apdu.data = Array(body[1...]); return .success(apdu) }
            if body.count == 2 + lc {
                apdu.data = Array(body[1...lc])
                apdu.le = body[1 + lc] == 0 ? 256 : Int(body[1 + lc])
                return .success(apdu)
            }
            return .failure(.lengthMismatch(declared: lc, available: body.count - 1))
        }
        // Extended form: a 00 byte, then two length bytes.
        guard body.count >= 3 else { return .failure(.tooShort(bytes: bytes.count, minimum: 7)) }
        let first = Int(body[1]) << 8 | Int(body[2])
        if body.count == 3 {
            apdu.le = first == 0 ? 65536 : first
            return .success(apdu)
        }
        guard first > 0 else { return .failure(.lengthMismatch(declared: 0, available: body.count - 3)) }
        if body.count == 3 + first { apdu.data = Array(body[3...]); return .success(apdu) }
        if body.count == 5 + first {
            apdu.data = Array(body[3..<(3 + first)])
            let le = Int(body[3 + first]) << 8 | Int(body[4 + first])
            apdu.le = le == 0 ? 65536 : le
            return .success(apdu)
        }
        return .failure(.lengthMismatch(declared: first, available: body.count - 3))
    }
}
