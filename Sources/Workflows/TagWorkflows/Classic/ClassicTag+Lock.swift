import MIFAREClassic
import TagTransport

extension ClassicTag: LockableTag {
    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await lock(confirmation: confirmation))
    }

    /// Makes the card read-only for good, with `confirmation` (nothing is sent without it), as
    /// AN1304 describes a read-only NDEF card: every NDEF sector's trailer gets access bits
    /// `07 8F 0F` (data: read with key A or B, write never; trailer: frozen) and GPB `43` (NDEF
    /// 1.0, write access refused), then the MAD sectors (16, then 0 last) `07 8F 0F` with their
    /// GPB kept. The trailers are written with key B, the only key AN1304's writable access bits
    /// (`7F 07 88`, `78 77 88`) let change them; TapCard knows key B only as the transport key
    /// `FFFFFFFFFFFF` its format leaves, and keys A and B are written back as they are (key A from
    /// AN1304's public keys). A sector read-only already is left alone. The card is read back
    /// afterwards.
    ///
    /// Throws ``LockRefusal`` (no confirmation), ``ClassicPlanRefusal`` (not formatted),
    /// ``ClassicFailure`` (a key B the card refuses, before any write), or
    /// ``ClassicLockInterrupted`` naming the sectors that were locked.
    public func lock(confirmation: LockConfirmation?) async throws -> ClassicLockReport {
        guard confirmation != nil else { throw LockRefusal.confirmationRequired }
        beginOperation()
        let layout = try requireLayout()
        let before = try await readSnapshot(whole: true)
        guard let area = before.area else {
            if case .failure(let reason) = before.mad { throw ClassicPlanRefusal.notFormatted(reason) }
            throw ClassicPlanRefusal.notFormatted(.noNDEFSector(madVersion: 1))
        }
        let alreadyLocked = before.readOnlySectors
        let ndefSectors = area.sectors.filter { !alreadyLocked.contains($0) }
        let madSectors = layout.madSectors.reversed()
        var steps: [(sector: Int, trailer: SectorTrailer)] = []
        for sector in ndefSectors {
            steps.append(
                (
                    sector,
                    SectorTrailer(
                        keyA: openedWith[sector] ?? .ndefKeyA, accessBits: .ndefReadOnly,
                        generalPurposeByte: GeneralPurposeByte.ndefReadOnly, keyB: .transport)
                ))
        }
        if case .success(let mad) = before.mad {
            for sector in madSectors {
                steps.append(
                    (
                        sector,
                        SectorTrailer(
                            keyA: openedWith[sector] ?? .madKeyA, accessBits: .madReadOnly,
                            generalPurposeByte: mad.generalPurposeByte, keyB: .transport)
                    ))
            }
        }
        // Key B must open the first sector before anything is written: a refusal changes nothing.
        if let first = steps.first { try await openWithKeyB(sector: first.sector) }
        var locked: [Int] = []
        for step in steps {
            if let failure = await lockSector(step.sector, trailer: step.trailer, layout: layout) {
                throw ClassicLockInterrupted(
                    completed: locked, failedSector: step.sector, total: steps.count, cause: failure)
            }
            locked.append(step.sector)
        }
        session = nil
        openedWith = [:]
        let after = try await readSnapshot(whole: true)
        return ClassicLockReport(
            uid: uid, model: model, lockedSectors: locked, alreadyLocked: alreadyLocked, after: after,
            statistics: takeStatistics())
    }

    /// Authenticates `sector` with the transport key as key B.
    func openWithKeyB(sector: Int) async throws(ClassicFailure) {
        let layout = try requireLayout()
        session = nil
        statistics.commands += 2
        do {
            try await channel.authenticate(
                block: layout.firstBlock(ofSector: sector), role: .b, key: ClassicKey.transport.bytes)
        } catch {
            if ClassicCommand.isKeyRefusal(error) {
                throw .keysRefused(
                    ClassicKeyRefusal(sector: sector, tried: [ClassicKey.transport.description + " (key B)"]))
            }
            throw .channel(error)
        }
    }

    /// Writes `trailer` into `sector` under key B; the failure, `nil` when it was acknowledged.
    private func lockSector(_ sector: Int, trailer: SectorTrailer, layout: ClassicLayout) async -> ClassicFailure? {
        do throws(ClassicFailure) {
            try await openWithKeyB(sector: sector)
            statistics.commands += 1
            let block = layout.trailerBlock(ofSector: sector)
            do {
                try await channel.writeBlock(block, trailer.bytes)
            } catch {
                throw ClassicFailure.channel(error)
            }
            statistics.pagesWritten.append(block)
            statistics.unitsWritten += 16
            return nil
        } catch {
            return error
        }
    }
}
