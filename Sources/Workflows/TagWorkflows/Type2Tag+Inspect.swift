import TagTransport
import Type2

extension Type2Tag {
    /// Everything a Tag Info screen shows: chip, UID, CC, lock bytes, TLVs, capacity with its
    /// source, NDEF content, raw memory and the originality signature. Reads the whole memory.
    public func inspect() async throws(TransportError) -> TagInspection {
        beginOperation()
        let identification = try await identify()
        let snapshot = try await readAll()
        let signature: SignatureCheck
        if let bytes = try await readSignature() {
            signature = .unverified(
                signature: bytes,
                reason: "signature verification (module Originality) is not wired into this build yet")
        } else {
            signature = .notSupported
        }
        return TagInspection(
            identification: identification, snapshot: snapshot, content: NDEFContent.from(snapshot),
            signature: signature, statistics: takeStatistics())
    }

    /// The NDEF message with as few commands as the chip allows (GET_VERSION, one READ of the
    /// header, then READ/FAST_READ over the NDEF TLV only).
    public func read() async throws(TransportError) -> ReadReport {
        beginOperation()
        let identification = try await identify()
        let snapshot = try await readNDEFArea()
        return ReadReport(
            uid: snapshot.uid, identification: identification, status: snapshot.status, capacity: snapshot.capacity,
            content: NDEFContent.from(snapshot), statistics: takeStatistics())
    }
}
