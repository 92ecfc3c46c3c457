import CoreNFCTransport
import NDEF
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type4

extension TagInfo {
    /// The Type 4 lines (over the phone's ISO-DEP channel): the chip and how it was identified,
    /// the capacity the CC file reports, the CC's access, and for an NTAG 424 DNA each file's
    /// settings and the originality signature.
    static func type4Fields(_ inspection: Type4Inspection, reading: TagReading) -> [Field] {
        let report = inspection.read
        let snapshot = report.snapshot
        let ndefFile = snapshot.capabilityContainer.ndefFile
        return
            [
                Field(label: "UID", value: uidText(reading.uid)),
                Field(label: "Manufacturer", value: manufacturer(reading)),
                Field(label: "Chip", value: report.identification.phrase),
                Field(label: "Tag type", value: "NFC Forum Type 4 (\(reading.technology.displayName))"),
                Field(
                    label: "NDEF status",
                    value: report.isWritable
                        ? "NDEF, read/write (the CC file's write access is \(ndefFile.writeAccess))"
                        : "NDEF, read-only (the CC file's write access is \(ndefFile.writeAccess))"),
                Field(label: "Capacity", value: "\(snapshot.capacity.bytes) bytes (\(snapshot.capacitySourcePhrase))"),
                Field(label: "CC file", value: capabilityContainerText(snapshot)),
            ]
            + inspection.fileSettings.keys.sorted().compactMap { number in
                inspection.fileSettings[number].map {
                    Field(label: "File \(number)", value: fileSettingsText($0))
                }
            }
            + [Field(label: "Signature", value: type4Signature(inspection))]
    }

    /// "mapping version 2.0; NDEF file E104 of 256 bytes, read access free (00); MLe 255, MLc 255".
    static func capabilityContainerText(_ snapshot: Type4Snapshot) -> String {
        let cc = snapshot.capabilityContainer
        let file = cc.ndefFile
        let identifier = Hex.encode([UInt8(file.identifier >> 8), UInt8(file.identifier & 0xFF)], uppercase: true)
        return
            "Mapping version \(cc.majorVersion).\(cc.minorVersion); NDEF file \(identifier) of \(file.maximumSize) bytes, read access \(file.readAccess), write access \(file.writeAccess); NLEN \(snapshot.messageLength); MLe \(cc.maximumResponseData) (largest READ BINARY answer), MLc \(cc.maximumCommandData) (largest UPDATE BINARY)."
    }

    /// One NTAG 424 DNA file's GetFileSettings answer in words.
    static func fileSettingsText(_ settings: NTAG424FileSettings) -> String {
        let rights = settings.accessRights
        return
            "\(settings.size) bytes, \(settings.communicationMode.rawValue) communication\(settings.isSDMEnabled ? ", SDM mirroring on" : ""); read \(rights.read.phrase), write \(rights.write.phrase), read-write \(rights.readWrite.phrase), change settings \(rights.change.phrase)."
    }

    /// The originality verdict and its statement, or why there is none.
    static func type4Signature(_ inspection: Type4Inspection) -> String {
        guard let check = inspection.signatureCheck else {
            return inspection.read.identification.model == .ntag424DNA
                ? "Not available: the chip did not answer Read_Sig."
                : "Not read: Read_Sig is an NTAG 424 DNA command, and GetVersion named no NTAG 424 DNA."
        }
        let verdict =
            switch check.verdict {
            case .valid(let keyName): "Valid (NXP's \(keyName) key)."
            case .invalid: "Invalid."
            case .unavailable: "Not checked."
            }
        return "\(verdict) \(check.statement)"
    }

    static func type4Summary(_ report: Type4ReadReport) -> String {
        switch report.content {
        case .empty: "Empty: NLEN is 0, so the NDEF file holds no message."
        case .message(let message, let bytes):
            "\(message.records.count == 1 ? "1 record" : "\(message.records.count) records"), \(bytes.count) bytes (NLEN \(report.snapshot.messageLength))."
        case .interrupted(let error): "The message could not be read: \(error.sentence)"
        case .notFormatted, .passwordProtected: "Nothing to read: the tag holds no NDEF file."
        }
    }
}
