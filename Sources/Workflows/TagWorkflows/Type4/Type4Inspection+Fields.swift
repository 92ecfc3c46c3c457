import Originality
import TagCatalog
import TapCardSupport
import Type4

extension Type4Inspection {
    /// The Type 4 lines of a tag's information: the chip and how it was identified, the capacity
    /// the CC file reports, the CC's access, and for an NTAG 424 DNA each file's settings and the
    /// originality signature. `uid` is the tag's (or its carrier's) UID; `carrier` how the front
    /// end's platform named the air interface ("ISO 7816 (ISO-DEP)"), since a Type 4 tag reaches a
    /// phone under more than one name.
    public func fields(uid: [UInt8], carrier: String) -> [TagField] {
        let head = [
            TagField(label: "UID", value: TagField.uidText(uid)),
            TagField(label: "Manufacturer", value: TagField.iso14443Manufacturer(uid: uid)),
            TagField(label: "Chip", value: read.identification.phrase),
            TagField(label: "Tag type", value: "NFC Forum Type 4 (\(carrier))"),
        ]
        let card =
            desfire.map {
                [
                    TagField(label: "Applications", value: $0.applicationsPhrase),
                    TagField(label: "Free memory", value: $0.freeMemoryPhrase),
                ]
            } ?? []
        guard let snapshot = read.snapshot else {
            let capacity = read.capacity.map { "\($0.bytes) bytes, assumed," } ?? "unknown"
            return head + [
                TagField(
                    label: "NDEF status",
                    value:
                        "Not NDEF-formatted: the card has no NDEF application (AID 000001, DF name D2760000850101); format creates it."
                ),
                TagField(label: "Capacity", value: "\(capacity) once formatted"),
            ] + card
        }
        let ndefFile = snapshot.capabilityContainer.ndefFile
        return head
            + [
                TagField(
                    label: "NDEF status",
                    value: read.isWritable
                        ? "NDEF, read/write (the CC file's write access is \(ndefFile.writeAccess))"
                        : "NDEF, read-only (the CC file's write access is \(ndefFile.writeAccess))"),
                TagField(
                    label: "Capacity", value: "\(snapshot.capacity.bytes) bytes (\(snapshot.capacitySourcePhrase))"),
                TagField(label: "CC file", value: Self.capabilityContainerText(snapshot)),
            ]
            + card
            + fileSettings.keys.sorted().compactMap { number in
                fileSettings[number].map { TagField(label: "File \(number)", value: $0.phrase) }
            }
            + [TagField(label: "Signature", value: signatureText)]
    }

    /// One line about the message as a whole, with NLEN.
    public var contentSummary: String {
        switch read.content {
        case .empty: "Empty: NLEN is 0, so the NDEF file holds no message."
        case .message(let message, let bytes):
            "\(message.records.count == 1 ? "1 record" : "\(message.records.count) records"), \(bytes.count) bytes (NLEN \(read.snapshot?.messageLength ?? bytes.count))."
        case .interrupted(let error): "The message could not be read: \(error.sentence)"
        case .noNDEFMessageTLV(let statement): statement
        case .malformed(let error): "The message could not be read: \(error.sentence)"
        case .notFormatted where desfire != nil:
            "Nothing to read: the card has no NDEF application yet; format creates it."
        case .notFormatted, .passwordProtected: "Nothing to read: the tag holds no NDEF file."
        }
    }

    /// The originality verdict: NTAG 424 DNA's on secp224r1, or "not available" with this UID when
    /// the chip gave no signature.
    public func originality(uid: [UInt8]) -> SignatureCheck {
        signatureCheck ?? SignatureCheck.check(uid: uid, signature: nil, scheme: .ntag424DNA)
    }

    /// "Mapping version 2.0; NDEF file E104 of 256 bytes, read access free (00), …; MLe 255 (largest
    /// READ BINARY answer), MLc 255 (largest UPDATE BINARY)."
    static func capabilityContainerText(_ snapshot: Type4Snapshot) -> String {
        let cc = snapshot.capabilityContainer
        let file = cc.ndefFile
        let identifier = Hex.encode([UInt8(file.identifier >> 8), UInt8(file.identifier & 0xFF)], uppercase: true)
        return
            "Mapping version \(cc.majorVersion).\(cc.minorVersion); NDEF file \(identifier) of \(file.maximumSize) bytes, read access \(file.readAccess), write access \(file.writeAccess); NLEN \(snapshot.messageLength); MLe \(cc.maximumResponseData) (largest READ BINARY answer), MLc \(cc.maximumCommandData) (largest UPDATE BINARY)."
    }

    /// The originality verdict and its statement, or why there is none.
    var signatureText: String {
        guard let check = signatureCheck else {
            return read.identification.model == .ntag424DNA
                ? "Not available: the chip did not answer Read_Sig."
                : read.identification.desfire != nil
                    ? "Not read: TapCard checks the originality signature of NTAG 424 DNA only; a DESFire's (Read_Sig, EV2 and later) needs its own NXP key."
                    : "Not read: Read_Sig is an NTAG 424 DNA command, and GetVersion named no NTAG 424 DNA."
        }
        return "\(check.verdictPhrase) \(check.statement)"
    }
}
