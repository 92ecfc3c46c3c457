/// How one chip family signs its UID: the curve, the message, the UID length and NXP's keys.
///
/// A scheme is the table row ``SignatureCheck/check(uid:signature:scheme:)`` reads, so a new chip
/// family is a new row, not a new branch in the check.
public struct OriginalityScheme: Sendable, Equatable {
    /// What NXP signs.
    public enum Message: Sendable, Equatable {
        /// The UID bytes themselves as the ECDSA hash value, with no digest: a 7-byte UID is
        /// shorter than n and is used as is.
        case rawUID
        /// The 8-byte ISO/IEC 15693 UID (given `E0` first), tried in air order (LSB first) with the
        /// signature as read, then as written (`E0` first) with the signature reversed: the two
        /// plain variants RfidResearchGroup/proxmark3 `client/src/cmdhf15.c`
        /// (`nxp_15693_print_signature`, whose UID is in air order) tries. Which one NXP uses is UNVERIFIED here (no genuine ICODE signature was at hand),
        /// so the check accepts either and says which verified.
        case uidEitherByteOrder
    }

    /// The chip family, as a person would name it ("NTAG 424 DNA").
    public let name: String
    public let curve: OriginalityCurve
    public let message: Message
    /// Bytes in the UID NXP signs.
    public let uidLength: Int
    /// The keys to try, most common first.
    public let keys: [OriginalityKey]
    /// The command that reads the signature, as the datasheet writes it ("READ_SIG").
    public let command: String

    /// Bytes in the signature the tag returns (`r ‖ s`).
    public var signatureLength: Int { curve.signatureLength }

    /// A scheme for keys of your own; each must be an uncompressed point on `curve`.
    public init(
        name: String, curve: OriginalityCurve, message: Message = .rawUID, uidLength: Int = 7,
        keys: [OriginalityKey], command: String = "READ_SIG"
    ) throws(OriginalityError) {
        guard [4, 7, 8, 10].contains(uidLength) else { throw .uidLength(uidLength) }
        for key in keys {
            guard key.publicKey.count == curve.publicKeyLength else {
                throw .keyLength(
                    keyName: key.name, curve: curve, expected: curve.publicKeyLength, actual: key.publicKey.count)
            }
            guard curve.isOnCurve(publicKey: key.publicKey) else {
                throw .keyNotOnCurve(keyName: key.name, curve: curve)
            }
        }
        self.init(
            unchecked: name, curve: curve, message: message, uidLength: uidLength, keys: keys, command: command)
    }

    /// For the built-in rows, whose keys the tests check on their curves, and for
    /// ``SignatureCheck/check(uid:signature:keys:)``, whose keys have always been tried as given
    /// (a key off the curve simply verifies nothing).
    init(
        unchecked name: String, curve: OriginalityCurve, message: Message, uidLength: Int, keys: [OriginalityKey],
        command: String = "READ_SIG"
    ) {
        self.name = name
        self.curve = curve
        self.message = message
        self.uidLength = uidLength
        self.keys = keys
        self.command = command
    }

    /// NTAG210/212/213/215/216: READ_SIG (`3C 00`) answers 32 bytes, secp128r1 over the 7-byte
    /// UID (NXP AN11350).
    public static let ntag21x = OriginalityScheme(
        unchecked: "NTAG21x", curve: .secp128r1, message: .rawUID, uidLength: 7, keys: [.ntag21x])

    /// MIFARE Ultralight EV1: READ_SIG (`3C 00`) answers 32 bytes, secp128r1 over the 7-byte UID
    /// (NXP AN11341).
    public static let ultralightEV1 = OriginalityScheme(
        unchecked: "MIFARE Ultralight EV1", curve: .secp128r1, message: .rawUID, uidLength: 7,
        keys: [.ultralightEV1])

    /// Either Type 2 family: the keys ``SignatureCheck/check(uid:signature:keys:)`` tries by default.
    public static let type2 = OriginalityScheme(
        unchecked: "NXP Type 2", curve: .secp128r1, message: .rawUID, uidLength: 7, keys: OriginalityKey.all)

    /// NTAG 424 DNA: Read_Sig (`90 3C 00 00 01 00 00`, address 00h) answers 56 bytes, secp224r1
    /// over the 7-byte UID, no hashing (NTAG 424 DNA datasheet, "Originality signature"; AN12196).
    /// The second key is UNVERIFIED for this chip (see ``OriginalityKey/ntag424DNATagTamper``).
    public static let ntag424DNA = OriginalityScheme(
        unchecked: "NTAG 424 DNA", curve: .secp224r1, message: .rawUID, uidLength: 7,
        keys: [.ntag424DNA, .ntag424DNATagTamper], command: "Read_Sig")

    /// ICODE SLIX2 (and ICODE DNA): READ SIGNATURE (custom command `BD`, IC manufacturer code
    /// 04) answers 32 bytes, secp128r1 over the 8-byte UID (ICODE SLIX2 datasheet SL2S2602:
    /// "32 byte ECC based originality signature"; curve and key as RfidResearchGroup/proxmark3
    /// `client/src/cmdhf15.c` checks them). The datasheet adds that the signature "can be changed
    /// for customers": a tag whose issuer reprogrammed it fails this check without being a clone.
    public static let icodeSLIX2 = OriginalityScheme(
        unchecked: "ICODE SLIX2", curve: .secp128r1, message: .uidEitherByteOrder, uidLength: 8,
        keys: [.icodeSLIX2], command: "READ SIGNATURE")

    /// Every built-in scheme.
    public static let all: [OriginalityScheme] = [.ntag21x, .ultralightEV1, .ntag424DNA, .icodeSLIX2]
}
