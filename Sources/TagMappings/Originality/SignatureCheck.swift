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
        /// No check was possible (no signature, a UID that is not 7 bytes).
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
    /// against each of `keys`. The message NXP signs is the raw 7-byte UID, without hashing.
    public static func check(uid: [UInt8], signature: [UInt8]?, keys: [OriginalityKey] = OriginalityKey.all)
        -> SignatureCheck
    {
        let uidText = Hex.encode(uid, uppercase: true, separator: " ")
        guard let signature else {
            return unavailable(
                "the tag did not return an originality signature (READ_SIG is not supported or failed)", uid, nil)
        }
        guard uid.count == 7 else {
            return unavailable("NXP signs 7-byte UIDs and this UID has \(uid.count) bytes", uid, signature)
        }
        guard signature.count == 32 else {
            return unavailable("the signature has \(signature.count) bytes instead of 32", uid, signature)
        }
        if let key = keys.first(where: { Secp128r1.verify(message: uid, signature: signature, publicKey: $0.publicKey) }
        ) {
            return SignatureCheck(
                verdict: .valid(keyName: key.name), uid: uid, signature: signature,
                statement:
                    "The originality signature verifies under NXP's \(key.name) key: NXP silicon was once programmed with UID \(uidText). "
                    + "This does not prove this tag is that chip: the UID and signature can be read by anyone and replayed by an emulator or a UID-writable clone."
            )
        }
        let names = keys.map(\.name).joined(separator: ", ")
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
