import MIFAREClassic
import TagTransport

extension ClassicTag {
    /// NDEF-formats a blank card with ``/MIFAREClassic/ClassicFormatPlan`` (AN1304): every
    /// application sector an NDEF sector (key A `D3F7D3F7D3F7`, access bits `7F 07 88`, GPB
    /// `40`), the MAD in sector 0 (and 16 on 4K), sector 0's trailer last; key B stays
    /// `FFFFFFFFFFFF`. Read back afterwards.
    ///
    /// Refused before any write: a card with a MAD (``FormatRefusal`` when it holds a message; an
    /// empty NDEF card is emptied with `erase`), or a
    /// sector that does not open with the transport key as key A with the transport access bits
    /// (`FF 07 80`: key A may write its data and its trailer). Sectors that opened with the NDEF
    /// key (an earlier, torn format) are re-formatted with it.
    public func format() async throws -> ClassicFormatReport {
        beginOperation()
        let layout = try requireLayout()
        let before = try await readSnapshot(whole: false)
        if before.isFormatted {
            // Formatting never loses a message (the contract's rule on every type).
            if case .message(_, let bytes) = before.content {
                throw FormatRefusal.holdsMessage(messageBytes: bytes.count)
            }
            // Sector 0's trailer is the format's last write: a card TapCard formatted (every
            // application sector NDEF, writable, empty) is finished, and a rerun sends nothing.
            let whole = try await readSnapshot(whole: true)
            guard whole.content == .empty, !whole.isReadOnly, whole.area?.sectors == layout.applicationSectors else {
                throw ClassicPlanRefusal.notBlank(sector: 0)
            }
            session = nil
            openedWith = [:]
            return ClassicFormatReport(uid: uid, model: model, writes: [], after: whole, statistics: takeStatistics())
        }
        // Every sector must open and let key A write data and trailer (the transport trailer 001),
        // or carry the trailer this format writes (a sector an earlier, torn format finished:
        // its writes are skipped, since that trailer lets key A write neither the trailer nor,
        // in the MAD2 sector, the data).
        var keys: [Int: ClassicKey] = [:]
        var finished: Set<Int> = []
        var plan = try ClassicFormatPlan.make(layout: layout).get()
        let planned = Dictionary(plan.writes.map { ($0.block, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        for sector in 0..<layout.sectorCount {
            let candidates: [ClassicKey] =
                sector == 0
                ? [.transport] : sector == 16 && layout == .fourK ? [.transport, .madKeyA] : [.transport, .ndefKeyA]
            let bytes: [UInt8]
            switch await readTrailer(of: sector, layout: layout, keys: candidates) {
            case .success(let read): bytes = read
            case .failure(.keysRefused): throw ClassicPlanRefusal.notBlank(sector: sector)
            case .failure(let failure): throw failure
            }
            guard let key = openedWith[sector], case .success(let trailer) = SectorTrailer.parse(bytes) else {
                throw ClassicPlanRefusal.notBlank(sector: sector)
            }
            if key == .transport {
                // A factory sector: the transport access bits, key B the transport key too (the
                // access bits let key A read it), and data blocks holding zeros or what this
                // format writes there (each half, as a torn block write leaves it). Anything else
                // is someone's: a private key B, data.
                guard trailer.accessBits == .transport, trailer.keyB == .transport else {
                    throw ClassicPlanRefusal.notBlank(sector: sector)
                }
                for block in layout.dataBlocks(ofSector: sector) where block != 0 {
                    let bytes = try await read(block: block, keys: [.transport])
                    let target = planned[block] ?? [UInt8](repeating: 0, count: ClassicLayout.blockSize)
                    let ours = [0..<8, 8..<16].allSatisfy { half in
                        bytes[half].allSatisfy { $0 == 0 } || Array(bytes[half]) == Array(target[half])
                    }
                    guard ours else { throw ClassicPlanRefusal.notBlank(sector: sector) }
                }
            } else {
                let final =
                    key == .madKeyA
                    ? trailer.accessBits == .madWritable
                    : trailer.accessBits == .ndefWritable
                        && trailer.generalPurposeByte == GeneralPurposeByte.ndefReadWrite
                guard final else { throw ClassicPlanRefusal.notBlank(sector: sector) }
                finished.insert(sector)
            }
            keys[sector] = key
        }
        plan.writes.removeAll { finished.contains(layout.sector(ofBlock: $0.block) ?? -1) }
        var completed = 0
        session = nil
        for write in plan.writes {
            let sector = layout.sector(ofBlock: write.block) ?? 0
            if let failure = await attempt(write, keys: [keys[sector] ?? write.key]) {
                throw ClassicFormatInterrupted(
                    completed: completed, total: plan.writes.count, failed: write, cause: failure)
            }
            completed += 1
        }
        session = nil
        openedWith = [:]
        let after = try await readSnapshot(whole: true)
        return ClassicFormatReport(
            uid: uid, model: model, writes: plan.writes, after: after, statistics: takeStatistics())
    }

    /// A sector's trailer, or why it could not be read.
    func readTrailer(of sector: Int, layout: ClassicLayout, keys: [ClassicKey]) async -> Result<[UInt8], ClassicFailure>
    {
        await readResult(block: layout.trailerBlock(ofSector: sector), keys: keys)
    }

    /// Sends one planned write: its failure, `nil` when it was acknowledged.
    private func attempt(_ write: ClassicBlockWrite, keys: [ClassicKey]) async -> ClassicFailure? {
        do {
            try await self.write(block: write.block, bytes: write.bytes, keys: keys)
            return nil
        } catch {
            return error
        }
    }
}
