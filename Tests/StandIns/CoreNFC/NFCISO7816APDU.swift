import Foundation

/// Stand-in for `NFCISO7816APDU` (iOS 13, `NFCISO7816Tag.h`; corenfc-api.md §1.7): one ISO 7816-4
/// command APDU. The header says of `expectedResponseLength`: "-1 means no response data field is
/// expected"; valid Le values are 1…65536 ("Use 256 if you want to send '00' as the short Le field
/// … Use 65536 if you want to send '0000' as the extended Le field"), and Lc "ranges from 1 to
/// 65535". The real class does not check those ranges at construction (what it does with a value
/// outside them is UNVERIFIED); the stand-in keeps any value and its tags refuse an out-of-range
/// one at `sendCommand` with `readerErrorInvalidParameterLength`.
///
/// Divergence: `data` is `nil` for an empty data field whichever initialiser built it (the header
/// says "nil if data field is absent"; whether the real first initialiser keeps an empty `Data` is
/// UNVERIFIED). Like the real class it is not `Sendable`.
public class NFCISO7816APDU: NSObject, NSCopying {
    /// "Class (CLA) byte."
    public let instructionClass: UInt8
    /// "Instruction (INS) byte."
    public let instructionCode: UInt8
    public let p1Parameter: UInt8
    public let p2Parameter: UInt8
    /// "Data field; nil if data field is absent."
    public let data: Data?
    /// "Expected response length (Le). -1 means no response data field is expected."
    public let expectedResponseLength: Int

    public init(
        instructionClass: UInt8, instructionCode: UInt8, p1Parameter: UInt8, p2Parameter: UInt8, data: Data,
        expectedResponseLength: Int
    ) {
        self.instructionClass = instructionClass
        self.instructionCode = instructionCode
        self.p1Parameter = p1Parameter
        self.p2Parameter = p2Parameter
        self.data = data.isEmpty ? nil : data
        self.expectedResponseLength = expectedResponseLength
    }

    /// "Data buffer containing the full APDU. @return nil if input data does not contain a valid
    /// APDU." Reads the short and extended forms of ISO/IEC 7816-3 §12.1 (cases 1, 2S, 3S, 4S, 2E,
    /// 3E, 4E); a short Le of `00` is 256 and an extended one of `00 00` is 65536.
    public convenience init?(data: Data) {
        let bytes = [UInt8](data)
        guard let (body, le) = Self.split(bytes) else { return nil }
        self.init(
            instructionClass: bytes[0], instructionCode: bytes[1], p1Parameter: bytes[2], p2Parameter: bytes[3],
            data: Data(body), expectedResponseLength: le ?? -1)
    }

    /// The data field and Le of an encoded APDU, or `nil` when the lengths do not add up.
    private static func split(_ bytes: [UInt8]) -> ([UInt8], Int?)? {
        guard bytes.count >= 4 else { return nil }
        let rest = Array(bytes.dropFirst(4))
        switch rest.count {
        case 0: return ([], nil)
        case 1: return ([], rest[0] == 0 ? 256 : Int(rest[0]))
        default: break
        }
        if rest[0] != 0 {
            let lc = Int(rest[0])
            if rest.count == 1 + lc { return (Array(rest[1...]), nil) }
            if rest.count == 2 + lc { return (Array(rest[1...lc]), rest[1 + lc] == 0 ? 256 : Int(rest[1 + lc])) }
            return nil
        }
        // Extended: `00`, then two bytes of Lc (or of Le, for case 2E).
        guard rest.count >= 3 else { return nil }
        let first = Int(rest[1]) << 8 | Int(rest[2])
        if rest.count == 3 { return ([], first == 0 ? 65536 : first) }
        guard first > 0 else { return nil }
        if rest.count == 3 + first { return (Array(rest[3...]), nil) }
        if rest.count == 5 + first {
            let le = Int(rest[3 + first]) << 8 | Int(rest[4 + first])
            return (Array(rest[3..<(3 + first)]), le == 0 ? 65536 : le)
        }
        return nil
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        NFCISO7816APDU(
            instructionClass: instructionClass, instructionCode: instructionCode, p1Parameter: p1Parameter,
            p2Parameter: p2Parameter, data: data ?? Data(), expectedResponseLength: expectedResponseLength)
    }
}
