import TapCardSupport

/// The result of checking a tag's originality signature, worded for what it proves.
///
/// A valid signature proves that NXP once programmed a chip with this UID and signed it. It does
/// not prove that the tag in hand is that chip: the UID and the signature are readable by anyone
/// and can be replayed by an emulator or a clone whose UID can be written.
public struct SignatureCheck: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        /// The signature verifies under the named NXP key.
        case valid(keyName: String)
        /// The signature verifies under none of the keys TapCard knows.
        case invalid
        /// No check was possible (no signature, a UID or a signature of the wrong length).
        case unavailable(reason: String)
    }

    public var verdict: Verdict
    public var uid: [UInt8]
    public var signature: [UInt8]?
    /// One or two sentences saying what the verdict means, and what it does not.
    public var statement: String

    public init(verdict: Verdict, uid: [UInt8], signature: [UInt8]?, statement: String) {
        self.verdict = verdict
        self.uid = uid
        self.signature = signature
        self.statement = statement
    }

    /// Checks `signature` (the READ_SIG answer, or `nil` when the tag gave none) for `uid`
    /// against each of `keys`, all secp128r1 keys of the Type 2 families. The message NXP signs is
    /// the raw 7-byte UID, without hashing.
    public static func check(uid: [UInt8], signature: [UInt8]?, keys: [OriginalityKey] = OriginalityKey.all)
        -> SignatureCheck
    {
        check(
            uid: uid, signature: signature,
            scheme: OriginalityScheme(
                unchecked: "NXP Type 2", curve: .secp128r1, message: .rawUID, uidLength: 7, keys: keys))
    }

    /// Checks `signature` (the answer to the scheme's read command, or `nil` when the tag gave
    /// none) for `uid` against each of the scheme's keys on its curve. For an NTAG 424 DNA, pass
    /// ``OriginalityScheme/ntag424DNA`` and the 56 bytes Read_Sig returned.
    public static func check(uid: [UInt8], signature: [UInt8]?, scheme: OriginalityScheme) -> SignatureCheck {
        let uidText = Hex.encode(uid, uppercase: true, separator: " ")
        guard let signature else {
            return unavailable(
                "the tag did not return an originality signature (\(scheme.command) is not supported or failed)", uid,
                nil)
        }
        guard uid.count == scheme.uidLength else {
            var reason = "NXP signs \(scheme.uidLength)-byte UIDs and this UID has \(uid.count) bytes"
            if uid.count == 4, uid.first == 0x08 {
                // ISO/IEC 14443-3: a single-size UID starting 08h is a random ID, drawn afresh at
                // each activation (NTAG 424 DNA can be configured to answer one).
                reason += "; a 4-byte UID starting 08 is a random ID, which hides the chip's real UID"
            }
            return unavailable(reason, uid, signature)
        }
        guard signature.count == scheme.signatureLength else {
            return unavailable(
                "the signature has \(signature.count) bytes instead of \(scheme.signatureLength)", uid, signature)
        }
        // (message, signature) pairs to try, in order.
        let candidates: [([UInt8], [UInt8])]
        switch scheme.message {
        case .rawUID: candidates = [(uid, signature)]
        case .uidEitherByteOrder: candidates = [(uid.reversed(), signature), (uid, signature.reversed())]
        }
        if let key = scheme.keys.first(where: { key in
            candidates.contains { scheme.curve.verify(message: $0.0, signature: $0.1, publicKey: key.publicKey) }
        }) {
            return SignatureCheck(
                verdict: .valid(keyName: key.name), uid: uid, signature: signature,
                statement:
                    "The originality signature verifies under NXP's \(key.name) key: NXP silicon was once programmed with UID \(uidText). "
                    + "This does not prove this tag is that chip: the UID and signature can be read by anyone and replayed by an emulator or a UID-writable clone."
            )
        }
        let names = scheme.keys.map(\.name).joined(separator: ", ")
        if signature.allSatisfy({ $0 == 0 }) {
            return SignatureCheck(
                verdict: .invalid, uid: uid, signature: signature,
                statement:
                    "The tag returned an all-zero signature: there is no NXP signature to check, so nothing shows UID \(uidText) was issued by NXP. "
                    + "Emulators, virtual tags and many clones answer this way.")
        }
        return SignatureCheck(
            verdict: .invalid, uid: uid, signature: signature,
            statement:
                "The originality signature does not verify for UID \(uidText) under any NXP key TapCard knows (\(names)): "
                + "nothing shows this UID was issued by NXP. The tag may be a clone, an emulator, or a dump whose UID was changed."
        )
    }

    private static func unavailable(_ reason: String, _ uid: [UInt8], _ signature: [UInt8]?) -> SignatureCheck {
        SignatureCheck(
            verdict: .unavailable(reason: reason), uid: uid, signature: signature,
            statement: "The originality signature could not be checked: \(reason).")
    }
}
