import Originality
import TagTransport
import Type2

extension Type2Tag {
    /// Everything a Tag Info screen shows: chip, UID, CC, lock bytes, TLVs, capacity with its
    /// source, NDEF content, raw memory and the originality signature. Reads the whole memory.
    public func inspect() async throws -> TagInspection {
        let identification = try await startOperation()
        var snapshot = try await readAll()
        // CFG0/CFG1 lie past the data area; a read-protected tag refuses them without the password.
        if snapshot.accessConfiguration == nil {
            snapshot = try await readConfigurationPages(for: snapshot)
        }
        // ECDSA over secp128r1 with NXP's keys; a tag that does not answer READ_SIG is reported
        // as "could not be checked", never as valid or invalid.
        let signature = SignatureCheck.check(uid: snapshot.uid?.bytes ?? [], signature: try await readSignature())
        return TagInspection(
            identification: identification, snapshot: snapshot, content: NDEFContent.from(snapshot),
            signature: signature, acknowledge: receivedAcknowledge, statistics: takeStatistics())
    }

    /// The NDEF message with as few commands as the chip allows (GET_VERSION, one READ of the
    /// header, then READ/FAST_READ over the NDEF TLV only).
    public func read() async throws -> ReadReport {
        let identification = try await startOperation()
        let snapshot = try await readNDEFArea()
        return ReadReport(
            uid: snapshot.uid, identification: identification, status: snapshot.status, capacity: snapshot.capacity,
            content: NDEFContent.from(snapshot), readRefusedFromPage: snapshot.readRefusedFromPage,
            acknowledge: receivedAcknowledge, statistics: takeStatistics(),
            capabilityContainerBytes: snapshot.memory.count >= 16 ? Array(snapshot.memory[12..<16]) : nil)
    }
}
