import TagCatalog
import TapCardSupport

/// Which chip a Type 5 tag is, from its UID (manufacturer code, ICODE type bits, ST product code)
/// and, when GET SYSTEM INFO answered, its IC reference (shared/reference/type4-type5-ntag424.md
/// §3.4; AOSP `rw_i93.cc` `rw_i93_get_product_version`; Flipper `slix.c`). Pure: the workflow sends
/// the probes, this decides.
///
/// The UID decides (`TagModel.type5?.matches(uid:)`); the IC reference corroborates, and a
/// disagreement is named in the evidence rather than overruling the UID (the catalog's ICODE
/// SLIX2 IC reference is UNVERIFIED).
public struct Type5Identification: Sendable, Hashable {
    /// The catalog model, or `nil` for a chip TapCard does not know.
    public var model: TagModel?
    /// UID byte 1, when the UID has the `E0` form.
    public var manufacturerCode: UInt8?
    /// Why: the facts that decided, in words.
    public var evidence: String

    public init(model: TagModel?, manufacturerCode: UInt8?, evidence: String) {
        self.model = model
        self.manufacturerCode = manufacturerCode
        self.evidence = evidence
    }

    /// Identifies the chip from `uid` (8 bytes, `E0` first) and the IC reference, if known.
    public static func identify(uid: [UInt8], icReference: UInt8? = nil) -> Type5Identification {
        let uidText = Hex.encode(uid, uppercase: true, separator: " ")
        guard uid.count == 8, uid[0] == 0xE0 else {
            return Type5Identification(
                model: nil, manufacturerCode: nil,
                evidence: "UID \(uidText) is not an ISO/IEC 15693 UID (8 bytes starting E0).")
        }
        let code = uid[1]
        let reference = icReference.map { "IC reference 0x" + Hex.encode([$0], uppercase: true) }
        guard let model = TagModel.allCases.first(where: { $0.type5?.matches(uid: uid) == true }),
            let facts = model.type5
        else {
            let tail = reference.map { ", \($0)" } ?? ""
            return Type5Identification(
                model: nil, manufacturerCode: code,
                evidence: "UID \(uidText): \(Type5Manufacturer.phrase(code)), a chip not in TapCard's catalog\(tail).")
        }
        var evidence =
            "UID \(uidText) has \(model.displayName)'s prefix \(Hex.encode(facts.uidPrefix, uppercase: true, separator: " "))"
        if let mask = facts.uidTypeMask, let bits = facts.uidTypeBits {
            evidence +=
                " and type bits 0x\(Hex.encode([uid[facts.uidPrefix.count] & mask], uppercase: true)) (mask 0x\(Hex.encode([mask], uppercase: true)) = 0x\(Hex.encode([bits], uppercase: true)))"
        }
        if let icReference, let reference {
            evidence +=
                icReference == facts.icReference
                ? "; \(reference) agrees"
                : "; \(reference) differs from the catalog's 0x\(Hex.encode([facts.icReference], uppercase: true)), named by the UID alone"
        }
        return Type5Identification(model: model, manufacturerCode: code, evidence: evidence + ".")
    }
}
