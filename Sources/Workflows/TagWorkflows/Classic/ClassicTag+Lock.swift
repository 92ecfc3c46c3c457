import MIFAREClassic
import TagTransport
import TapCardSupport

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
    /// AN1304's public keys). The card is read back afterwards.
    ///
    /// The plan is read from the whole card: a sector whose trailer is already the locked one is
    /// skipped, so a lock run again on a locked card writes nothing and reports success. Before
    /// the first write the preflight proves every trailer it will write can be written: each
    /// sector's trailer read, its access bits letting key B rewrite it, key B authenticated. A
    /// sector that fails any of these refuses the whole lock with nothing written
    /// (``ClassicLockPreflightRefusal``), since a trailer written read-only can never be undone.
    ///
    /// Throws ``LockRefusal`` (no confirmation), ``ClassicPlanRefusal`` (not formatted),
    /// ``ClassicLockPreflightRefusal`` (before any write), or ``ClassicLockInterrupted`` naming
    /// the sectors that were locked.
    public func lock(confirmation: LockConfirmation?) async throws -> ClassicLockReport {
        guard confirmation != nil else { throw LockRefusal.confirmationRequired }
        beginOperation()
        let layout = try requireLayout()
        let before = try await readSnapshot(whole: true)
        guard let area = before.area, case .success(let mad) = before.mad else {
            if case .failure(let reason) = before.mad { throw ClassicPlanRefusal.notFormatted(reason) }
            throw ClassicPlanRefusal.notFormatted(.noNDEFSector(madVersion: 1))
        }
        var trailers = before.trailers
        for sector in layout.madSectors where mad.version == 2 || sector == 0 {
            let bytes = try await read(block: layout.trailerBlock(ofSector: sector), keys: Self.madKeys)
            if case .success(let parsed) = SectorTrailer.parse(bytes) { trailers[sector] = parsed }
        }
        let plan = Self.lockPlan(
            ndefSectors: area.sectors, madSectors: layout.madSectors.filter { mad.version == 2 || $0 == 0 }.reversed(),
            madGPB: mad.generalPurposeByte, trailers: trailers, keys: openedWith)
        let alreadyLocked = area.sectors.filter { sector in !plan.contains { $0.sector == sector } }
        // Preflight: every trailer the lock will write, proven writable with key B, before any write.
        var obstacles: [ClassicLockPreflightRefusal.Obstacle] = []
        for step in plan {
            guard let trailer = trailers[step.sector] else {
                obstacles.append(.init(sector: step.sector, reason: .trailerUnreadable))
                continue
            }
            let rule = trailer.accessBits.trailer.trailer
            guard rule.accessBitsWrite.allowsKeyB, rule.keyAWrite.allowsKeyB, rule.keyBWrite.allowsKeyB else {
                obstacles.append(
                    .init(
                        sector: step.sector,
                        reason: .accessBits(Hex.encode(trailer.accessBits.bytes, uppercase: true, separator: " "))))
                continue
            }
            do throws(ClassicFailure) {
                try await openWithKeyB(sector: step.sector)
            } catch {
                guard case .keysRefused = error else { throw error }
                obstacles.append(.init(sector: step.sector, reason: .keyBRefused))
            }
        }
        if !obstacles.isEmpty {
            throw ClassicLockPreflightRefusal(obstacles: obstacles, planned: plan.map(\.sector))
        }
        var locked: [Int] = []
        for step in plan {
            if let failure = await lockSector(step.sector, trailer: step.trailer, layout: layout) {
                throw ClassicLockInterrupted(
                    completed: locked, failedSector: step.sector, total: plan.count, cause: failure)
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

    /// The trailers a lock writes, in order: each NDEF sector whose trailer is not yet AN1304's
    /// read-only one (`07 8F 0F`, GPB `43`), then each MAD sector (16 before 0) whose trailer is
    /// not yet `07 8F 0F`. A trailer that was not read is planned (the preflight refuses it).
    static func lockPlan(
        ndefSectors: [Int], madSectors: [Int], madGPB: UInt8, trailers: [Int: SectorTrailer], keys: [Int: ClassicKey]
    ) -> [(sector: Int, trailer: SectorTrailer)] {
        var steps: [(sector: Int, trailer: SectorTrailer)] = []
        for sector in ndefSectors {
            if let trailer = trailers[sector], trailer.accessBits == .ndefReadOnly,
                trailer.generalPurposeByte == GeneralPurposeByte.ndefReadOnly
            {
                continue
            }
            steps.append(
                (
                    sector,
                    SectorTrailer(
                        keyA: keys[sector] ?? .ndefKeyA, accessBits: .ndefReadOnly,
                        generalPurposeByte: GeneralPurposeByte.ndefReadOnly, keyB: .transport)
                ))
        }
        for sector in madSectors {
            if let trailer = trailers[sector], trailer.accessBits == .madReadOnly { continue }
            steps.append(
                (
                    sector,
                    SectorTrailer(
                        keyA: keys[sector] ?? .madKeyA, accessBits: .madReadOnly,
                        generalPurposeByte: trailers[sector]?.generalPurposeByte ?? madGPB, keyB: .transport)
                ))
        }
        return steps
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
                    ClassicKeyRefusal(sector: sector, tried: [ClassicKey.transport.description], role: .b))
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
