import MIFAREClassic
import NDEF
import TLVArea
import TagCatalog
import TagFrames
import TagTransport

/// One MIFARE Classic 1K or 4K card in the field, reached through any
/// ``/TagTransport/ClassicChannel`` (the emulator, a PC/SC reader's storage-card commands), with
/// NDEF per NXP AN1304: the MAD in sector 0 (and 16 on 4K) read with the MAD key A
/// `A0A1A2A3A4A5`, the NDEF sectors it gives to AID `03E1` read with the NDEF key A
/// `D3F7D3F7D3F7`, each falling back to the transport key `FFFFFFFFFFFF` (a card formatted by a
/// tool that kept it). A card whose sector 0 opens only with the transport key and carries no MAD
/// is a blank card: not formatted.
///
/// Authentications are counted as commands (LOAD KEYS and AUTHENTICATE, one each); the air time
/// of Crypto1 exchanges is not modelled (the statistics' modeled time stays 0 for Classic).
public final class ClassicTag {
    public let channel: any ClassicChannel
    public let declaredModel: TagModel?
    public internal(set) var statistics = CommandStatistics()
    /// The key A that opened each sector in this operation.
    public internal(set) var openedWith: [Int: ClassicKey] = [:]
    /// The sector authenticated now.
    var session: Int?

    public init(channel: any ClassicChannel, declaredModel: TagModel? = nil) {
        self.channel = channel
        self.declaredModel = declaredModel
    }

    public var uid: [UInt8] { channel.uid }

    /// The card's geometry, from its block count.
    public var layout: ClassicLayout? { ClassicLayout.allCases.first { $0.blockCount == channel.blockCount } }

    /// The model, from the block count (1K, 4K), else as declared.
    public var model: TagModel? {
        switch layout {
        case .oneK?: .mifareClassic1K
        case .fourK?: .mifareClassic4K
        default: declaredModel
        }
    }

    /// The keys tried as key A of the MAD sectors, in order.
    public static let madKeys: [ClassicKey] = [.madKeyA, .transport]
    /// The keys tried as key A of the NDEF sectors, in order.
    public static let ndefKeys: [ClassicKey] = [.ndefKeyA, .transport]

    func requireLayout() throws(ClassicFailure) -> ClassicLayout {
        guard let layout else {
            throw .channel(
                .unsupported(
                    command: ClassicCommand.read(block: 0),
                    reason: "a MIFARE Classic card of \(channel.blockCount) blocks is neither 1K, 4K nor Mini"))
        }
        return layout
    }

    /// Starts a new operation: the statistics count from zero; nothing is authenticated.
    func beginOperation() {
        statistics = CommandStatistics()
        openedWith = [:]
        session = nil
    }

    func takeStatistics() -> CommandStatistics {
        defer { statistics = CommandStatistics() }
        return statistics
    }

    // MARK: Commands

    /// Opens `sector` with the first of `keys` the card accepts as key A (kept while the sector
    /// stays authenticated).
    @discardableResult
    func open(sector: Int, keys: [ClassicKey]) async throws(ClassicFailure) -> ClassicKey {
        let layout = try requireLayout()
        if session == sector, let key = openedWith[sector] { return key }
        session = nil
        for key in keys {
            statistics.commands += 2
            do {
                try await channel.authenticate(block: layout.firstBlock(ofSector: sector), role: .a, key: key.bytes)
                session = sector
                openedWith[sector] = key
                return key
            } catch {
                if ClassicCommand.isKeyRefusal(error) { continue }
                throw .channel(error)
            }
        }
        throw .keysRefused(ClassicKeyRefusal(sector: sector, tried: keys.map(\.description)))
    }

    /// Reads `block` after opening its sector with `keys`.
    func read(block: Int, keys: [ClassicKey]) async throws(ClassicFailure) -> [UInt8] {
        let layout = try requireLayout()
        try await open(sector: layout.sector(ofBlock: block) ?? 0, keys: keys)
        statistics.commands += 1
        do throws(ChannelError) {
            let data = try await channel.readBlock(block)
            guard data.count == ClassicLayout.blockSize else {
                throw ChannelError.malformedResponse(
                    command: ClassicCommand.read(block: block), received: data.count, expected: 16)
            }
            return data
        } catch {
            session = nil
            throw .channel(error)
        }
    }

    /// ``read(block:keys:)`` as a value.
    func readResult(block: Int, keys: [ClassicKey]) async -> Result<[UInt8], ClassicFailure> {
        do {
            return .success(try await read(block: block, keys: keys))
        } catch {
            return .failure(error)
        }
    }

    /// Writes `block` after opening its sector with `keys`.
    func write(block: Int, bytes: [UInt8], keys: [ClassicKey]) async throws(ClassicFailure) {
        let layout = try requireLayout()
        try await open(sector: layout.sector(ofBlock: block) ?? 0, keys: keys)
        statistics.commands += 1
        do {
            try await channel.writeBlock(block, bytes)
            statistics.pagesWritten.append(block)
            statistics.unitsWritten += bytes.count
        } catch {
            session = nil
            throw .channel(error)
        }
    }

    // MARK: Reading

    /// Reads the MAD (sector 0's blocks 1–3, and 64–66 on a 4K card with MAD2) into `image`.
    /// A sector 0 no key opens, or no MAD in it, is the answer, not a failure.
    func readMAD(into image: inout [[UInt8]]) async throws(ClassicFailure) -> Result<MAD, ClassicNDEFError> {
        let layout = try requireLayout()
        for block in 1...3 {
            switch await readResult(block: block, keys: Self.madKeys) {
            case .success(let bytes): image[block] = bytes
            // Neither the MAD key nor the transport key opens sector 0: no MAD TapCard can read.
            case .failure(.keysRefused): return .failure(.mad(.unreadable(block: block)))
            case .failure(let failure): throw failure
            }
        }
        if layout == .fourK, GeneralPurposeByte.madAvailable(image[3][9]),
            GeneralPurposeByte.madVersion(image[3][9]) == 2
        {
            for block in 64...66 { image[block] = try await read(block: block, keys: Self.madKeys) }
        }
        switch MAD.read(image: image) {
        case .failure(let error): return .failure(.mad(error))
        case .success(let mad):
            if mad.version == 2, layout != .fourK {
                return .failure(.madVersionBeyondCard(version: 2, sectors: layout.sectorCount))
            }
            guard !mad.sectors(holding: .ndef, layout: layout).isEmpty else {
                return .failure(.noNDEFSector(madVersion: mad.version))
            }
            return .success(mad)
        }
    }

    /// The MAD, the NDEF sectors' data blocks (all of them with `whole`, else until the TLV walk
    /// ends and, with `through`, at least that many bytes of the area are read) and their trailers
    /// (all with `whole`; with `through`, those of the sectors read, since those are the ones a
    /// write may change; else the first NDEF sector's).
    func readSnapshot(whole: Bool, through: Int? = nil) async throws(ClassicFailure) -> ClassicSnapshot {
        let layout = try requireLayout()
        var image = [[UInt8]](repeating: [], count: layout.blockCount)
        let mad = try await readMAD(into: &image)
        guard case .success(let directory) = mad else {
            return ClassicSnapshot(layout: layout, mad: mad, area: nil, trailers: [:], keys: openedWith)
        }
        var trailers: [Int: SectorTrailer] = [:]
        let sectors = directory.sectors(holding: .ndef, layout: layout)
        for (index, sector) in sectors.enumerated() {
            if !whole, index > 0 {
                // Stop once the walk needs no more bytes and `through` bytes are read.
                let area = ClassicNDEFArea.read(image: image, layout: layout, mad: directory)
                let walkNeedsMore: Bool
                if case .notRead? = area.walk.problem { walkNeedsMore = true } else { walkNeedsMore = false }
                guard walkNeedsMore || area.bytes.count < (through ?? 0) else { break }
            }
            if whole || index == 0 || through != nil {
                let trailer = try await read(block: layout.trailerBlock(ofSector: sector), keys: Self.ndefKeys)
                if case .success(let parsed) = SectorTrailer.parse(trailer) { trailers[sector] = parsed }
            }
            for block in layout.dataBlocks(ofSector: sector) {
                image[block] = try await read(block: block, keys: Self.ndefKeys)
            }
        }
        let area = ClassicNDEFArea.read(image: image, layout: layout, mad: directory)
        return ClassicSnapshot(layout: layout, mad: mad, area: area, trailers: trailers, keys: openedWith)
    }

    /// Identifies the card and reads its NDEF message: the MAD, then the NDEF sectors until the
    /// NDEF TLV has been read whole.
    public func read() async throws -> ClassicReadReport {
        beginOperation()
        let snapshot = try await readSnapshot(whole: false)
        return ClassicReadReport(uid: uid, model: model, snapshot: snapshot, statistics: takeStatistics())
    }
}
