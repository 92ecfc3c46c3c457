import TagFrames
import TapCardSupport
import Type4

/// Shorthands for the AN12196 vectors of shared/reference/type4-type5-ntag424.md §2.4–§2.5.
enum Fixture {
    /// Bytes of a hex literal from the reference; a typo in a vector fails the test that uses it.
    static func bytes(_ text: String) -> [UInt8] {
        (try? Hex.decode(text)) ?? []
    }

    static func response(_ text: String, _ status: StatusWord = .nativeSuccess) -> ResponseAPDU {
        ResponseAPDU(data: bytes(text), status: status)
    }

    static let zeroKey = [UInt8](repeating: 0, count: 16)

    /// The session of V-AUTH-1 (AN12196 §6.6, key 0 = 00…00) at command counter `counter`.
    static func auth1Session(counter: UInt16) throws -> NTAG424Session {
        try NTAG424Session(
            keyNumber: 0, transactionIdentifier: bytes("9D00C4DF"), commandCounter: counter,
            encryptionKey: bytes("1309C877509E5A215007FF0ED19CA564"), macKey: bytes("4C6626F5E72EA694202139295C7A7FC7"))
    }

    /// The session of V-AUTH-2 (AN12196 §6.10).
    static func auth2Session(counter: UInt16) throws -> NTAG424Session {
        try NTAG424Session(
            keyNumber: 0, transactionIdentifier: bytes("7614281A"), commandCounter: counter,
            encryptionKey: bytes("7A93D6571E4B180FCA6AC90C9A7488D4"), macKey: bytes("FC4AF159B62E549B5812394CAB1918CC"))
    }

    /// The session after V-AUTH-3 (NonFirst, key 0) under V-AUTH-2's TI, as AN12196's ChangeKey
    /// examples use it.
    static func auth3Session(counter: UInt16) throws -> NTAG424Session {
        try NTAG424Session(
            keyNumber: 0, transactionIdentifier: bytes("7614281A"), commandCounter: counter,
            encryptionKey: bytes("4CF3CB41A22583A61E89B158D252FC53"), macKey: bytes("5529860B2FC5FB6154B7F28361D30BF9"))
    }
}
