import SUN
import TapCardSupport
import Testing

/// The SUN MAC is checked at every position: for each URL style the verifier accepts (AN12196's
/// `e`/`c`, the `picc_data`/`enc`/`cmac` backend style, the plain `uid`/`ctr` mirror, boltcard's
/// `p`/`c`, and the bulk `?e=<PICCData><enc><MAC>`), a MAC wrong in any one of its 8 bytes, or in
/// any one of its 16 hex digits, is refused as `macMismatch`; a MAC with a digit or a byte too many
/// or too few is never accepted. (Mutation audit, issue 29: comparing only the first 7 MAC bytes
/// passed every suite, because each tamper they tried flipped an early byte.)
@Suite struct SUNMACPositionTests {
    struct Vector: CustomStringConvertible, Sendable {
        var name: String
        var url: String
        var metaKey: [UInt8]
        var fileKey: [UInt8]
        var description: String { name }
    }

    static let zero = [UInt8](repeating: 0, count: 16)
    static let vectors: [Vector] = [
        Vector(name: "S2 e/c", url: SUNVerifierTests.s2, metaKey: zero, fileKey: zero),
        Vector(name: "S3 picc_data/enc/cmac", url: SUNVerifierTests.s3, metaKey: zero, fileKey: zero),
        Vector(
            name: "S5 uid/ctr/cmac", url: "https://example.com/?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3",
            metaKey: zero, fileKey: zero),
        Vector(
            name: "S9 boltcard p/c",
            url: "lnurlw://card.yourdomain.com/ln?p=e61cb056f52d34f9368f079d1814d2cf&c=fcc9a22201ea2298",
            metaKey: SUNVerifierTests.bytes("55da174c9608993dc27bb3f30a4a7314"),
            fileKey: SUNVerifierTests.bytes("2ab74abc1273fb43cae97553a36d4d08")),
        Vector(
            name: "S6 bulk e", url: SUNVerifierTests.s6, metaKey: SUNVerifierTests.s6Meta,
            fileKey: SUNVerifierTests.s6File),
    ]

    /// Every vector ends with its 16-digit MAC.
    static func split(_ url: String) -> (head: String, mac: String) {
        (String(url.dropLast(16)), String(url.suffix(16)))
    }

    static func hexDigit(_ value: Int, like original: Character) -> Character {
        let digit = Character(String(value, radix: 16))
        return original.isUppercase ? Character(digit.uppercased()) : digit
    }

    func reason(_ vector: Vector, url: String) -> SUNReason? {
        do {
            _ = try SUNVerifier.verify(url: url, metaKey: vector.metaKey, fileKey: vector.fileKey)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test(arguments: vectors)
    func theUntouchedURLVerifies(_ vector: Vector) throws {
        _ = try SUNVerifier.verify(url: vector.url, metaKey: vector.metaKey, fileKey: vector.fileKey)
    }

    /// Each of the 8 bytes, with its lowest bit and then its highest bit flipped.
    @Test(arguments: vectors)
    func aMACWrongInAnyOneByteIsRefused(_ vector: Vector) {
        let (head, mac) = Self.split(vector.url)
        let bytes = SUNVerifierTests.bytes(mac)
        let upper = mac.contains { $0.isUppercase }
        for index in 0..<8 {
            for bit: UInt8 in [0x01, 0x80] {
                var changed = bytes
                changed[index] ^= bit
                let hex = Hex.encode(changed, uppercase: upper)
                #expect(
                    reason(vector, url: head + hex) == .macMismatch, "\(vector.name): byte \(index) ^ \(bit)")
            }
        }
    }

    /// Each of the 16 hex digits replaced by another digit (its value with the low bit flipped),
    /// in the URL's own letter case.
    @Test(arguments: vectors)
    func aMACWrongInAnyOneHexDigitIsRefused(_ vector: Vector) {
        let (head, mac) = Self.split(vector.url)
        var digits = Array(mac)
        for index in digits.indices {
            let original = digits[index]
            let value = Int(String(original), radix: 16)!
            digits[index] = Self.hexDigit(value ^ 1, like: original)
            #expect(reason(vector, url: head + String(digits)) == .macMismatch, "\(vector.name): digit \(index)")
            digits[index] = original
        }
    }

    /// A MAC a digit or a byte short or long: never accepted (refused as malformed or as a mismatch).
    @Test(arguments: vectors)
    func aMACOfAnotherLengthIsNeverAccepted(_ vector: Vector) {
        let (head, mac) = Self.split(vector.url)
        for changed in [String(mac.dropLast()), String(mac.dropLast(2)), mac + "0", mac + "00"] {
            #expect(reason(vector, url: head + changed) != nil, "\(vector.name): \(changed.count) digits")
        }
    }
}
