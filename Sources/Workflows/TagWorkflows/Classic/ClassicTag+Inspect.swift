import MIFAREClassic
import TagTransport

extension ClassicTag {
    /// Reads the NDEF message (``read()``), then tries every sector's trailer with the MAD, NDEF
    /// and transport keys as key A: which key opens it, its access conditions and GPB. Only public
    /// keys are tried; a sector none opens is listed with no key.
    public func inspect() async throws -> ClassicInspection {
        let read = try await read()
        let layout = try requireLayout()
        let keys: [ClassicKey] = [.madKeyA, .ndefKeyA, .transport]
        let mad = try? read.snapshot.mad.get()
        var sectors: [ClassicInspection.Sector] = []
        for sector in 0..<layout.sectorCount {
            var key: ClassicKey?
            var trailer: SectorTrailer?
            switch await readTrailer(of: sector, layout: layout, keys: keys) {
            case .success(let bytes):
                key = openedWith[sector]
                trailer = try? SectorTrailer.parse(bytes).get()
            case .failure(.keysRefused):
                key = nil
            case .failure(let failure):
                throw failure
            }
            sectors.append(
                ClassicInspection.Sector(
                    number: sector, key: key, application: mad?.application(ofSector: sector), trailer: trailer))
        }
        var report = read
        report.statistics.commands += takeStatistics().commands
        return ClassicInspection(read: report, sectors: sectors, keysTried: keys)
    }
}
