import TagCatalog
import Type3

extension Type3Tag {
    /// The read, and: Polling for FFFF (the card's own system code; where the carrier cannot send
    /// the wildcard, the catalog's system codes instead), block 0 whatever it holds,
    /// and on a FeliCa Lite-S the MC block (Check of 88h through 000B, as nfcpy
    /// `FelicaLite.read_without_mac` reads it).
    public func inspect() async throws -> Type3Inspection {
        beginOperation()
        let identification = try await identify()
        var systemCodes: [UInt16] = identification.systemCode.map { [$0] } ?? []
        if identification.answersNDEF, let own = try await ownSystemCode(), !systemCodes.contains(own) {
            systemCodes.append(own)
        }
        let block0 = try await readAttributeBlock()
        let mc = try await readMemoryConfiguration()
        let area = try await readArea(enabled: identification.answersNDEF, block0: block0)
        let read = Type3ReadReport(
            identification: identification, idm: idm, pmm: channel.pmm, area: area, content: Self.content(of: area),
            statistics: takeStatistics())
        return Type3Inspection(read: read, systemCodes: systemCodes, attributeBytes: block0, memoryConfiguration: mc)
    }

    /// The card's own system code for the inspection's list; `nil` when it stays silent, or when
    /// the carrier can poll for no system code but those already answered (the list then holds
    /// what polling found).
    private func ownSystemCode() async throws(Type3Failure) -> UInt16? {
        do {
            return try await pollOwnSystem()?.systemCode
        } catch .channel(.unsupported) {
            return nil
        }
    }
}
