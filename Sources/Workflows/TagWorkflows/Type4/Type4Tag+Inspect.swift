import Originality
import TagFrames
import Type4

extension Type4Tag {
    /// The read; for an NTAG 424 DNA the file settings of files 1–3 (GetFileSettings) and the
    /// originality signature (Read_Sig), checked against NXP's key; for a DESFire its applications
    /// and free memory (GetApplicationIDs, GetFreeMemory), also when it has no NDEF application.
    public func inspect() async throws -> Type4Inspection {
        beginOperation()
        let identification = try await identify()
        var desfire = identification.desfire != nil ? try await desfireCardInfo() : nil
        if let applications = desfire?.applications, applications.contains(DESFireNDEFApplication.applicationID) {
            desfire?.foreignNDEFApplication = try await desfireNDEFState(applications: applications).foreign
        }
        var snapshot: Type4Snapshot?
        if hasNDEFApplication != false {
            do {
                snapshot = try await readNDEFFiles(identification, whole: true)
            } catch is Type4Failure where desfire?.foreignNDEFApplication != nil {
                // Another issuer's application under the NDEF DF name whose files do not read as
                // NDEF: it is named as foreign, and the card is not an NDEF card.
                snapshot = nil
            }
        }
        guard let snapshot else {
            let read = Type4ReadReport(
                identification: identification, uid: uid, snapshot: nil, content: .notFormatted,
                statistics: takeStatistics())
            return Type4Inspection(
                read: read, fileSettings: [:], signature: nil, signatureCheck: nil, desfire: desfire)
        }
        var settings: [UInt8: NTAG424FileSettings] = [:]
        var signature: [UInt8]?
        if identification.model == .ntag424DNA || identification.desfire != nil {
            // DESFire: the ISO SELECT of the DF name selected application 000001 natively too,
            // whose files 1 and 2 are the CC and NDEF files (AN11004); it has no file 3.
            for file: UInt8 in identification.desfire != nil ? 1...2 : 1...3 {
                if let data = try? await expectSuccess(NTAG424Command.getFileSettings(file), file: nil),
                    case .success(let parsed) = NTAG424FileSettings.parse(data)
                {
                    settings[file] = parsed
                }
            }
            if identification.model == .ntag424DNA {
                signature = try? await expectSuccess(NTAG424Command.readSignature, file: nil)
            }
        }
        let check = identification.model == .ntag424DNA ? Self.signatureCheck(uid: uid, signature: signature) : nil
        let read = Type4ReadReport(
            identification: identification, uid: uid, snapshot: snapshot, content: Self.content(of: snapshot),
            statistics: takeStatistics())
        return Type4Inspection(
            read: read, fileSettings: settings, signature: signature, signatureCheck: check, desfire: desfire)
    }

    static func signatureCheck(uid: [UInt8]?, signature: [UInt8]?) -> SignatureCheck? {
        guard let uid else { return nil }
        return SignatureCheck.check(uid: uid, signature: signature, scheme: .ntag424DNA)
    }
}
