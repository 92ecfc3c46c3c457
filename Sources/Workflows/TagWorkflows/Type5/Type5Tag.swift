import NDEF
import TLVArea
import TagCatalog
import TagFrames
import TagTransport
import Type5

/// One NFC Forum Type 5 tag (ISO/IEC 15693) in the field, reached through any
/// ``/TagTransport/ISO15693Channel`` (the emulator, a PC/SC reader's storage-card interface,
/// CoreNFC's `NFCISO15693Tag`). The order of calls is the one the Type 5 mapping documents
/// (Sources/TagMappings/Type5/Documentation.docc/Type5.md): GET SYSTEM INFO, the CC in block 0,
/// the data area in the chunks ``/Type5/Type5ReadPlan`` allows, block security where the carrier
/// and chip answer it, then the mapping's plans for changes.
///
/// An error flag in an answer is the tag's refusal (``/Type5/Type5StatusError``, origin `.tag`);
/// TapCard's own refusals, decided before a change is sent, are ``/Type5/Type5PlanError``,
/// ``LockRefusal`` and ``Type5LockRefusal`` (origin `.refusal`).
public final class Type5Tag {
    public let channel: any ISO15693Channel
    public let declaredModel: TagModel?
    public private(set) var identification: Type5TagIdentification?
    public internal(set) var statistics = CommandStatistics()
    /// Block 0 as the fallback identification read it, reused by the same operation's CC read.
    var blockZero: [UInt8]?

    public init(channel: any ISO15693Channel, declaredModel: TagModel? = nil) {
        self.channel = channel
        self.declaredModel = declaredModel
    }

    /// The UID, `E0` first, as the carrier reports it.
    public var uid: [UInt8] { channel.uid }

    /// The model, as identified (or as declared before identification).
    public var model: TagModel? { identification?.model ?? declaredModel }

    /// The chip facts the timing model uses: the model's, else the ICODE SLIX2's (whose block
    /// programming time is the assumed 5 ms, ``/TagCatalog/Type5Facts/assumedBlockProgrammingMicroseconds``).
    var timingFacts: Type5Facts {
        model?.type5 ?? TagModel.icodeSLIX2.type5
            ?? Type5Facts(
                blockSize: 4, blockCount: 1, userBlocks: 0...0, manufacturerCode: 0, uidPrefix: [0xE0],
                icReference: 0, dsfid: 0, afi: 0, maximumBlocksPerRead: nil, signatureLength: nil,
                supportsLockBlock: false)
    }

    // MARK: Commands

    /// Sends one request and accounts for it (the frame as it goes on air: flags, command, the
    /// manufacturer code of a custom command, the UID when addressed, the parameters).
    func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        let requestBytes =
            2 + (request.isCustom ? 1 : 0) + (request.flags.contains(.address) ? 8 : 0) + request.parameters.count
        let programs = [
            Type5Command.writeSingleBlock, Type5Command.extendedWriteSingleBlock, Type5Command.lockBlock,
            Type5Command.extendedLockBlock,
        ].contains(request.command)
        do {
            let response = try await channel.send(request)
            statistics.record(
                iso15693RequestBytes: requestBytes, responseBytes: 1 + response.payload.count,
                blocksProgrammed: programs && !response.isError ? 1 : 0, facts: timingFacts)
            return response
        } catch {
            statistics.record(
                iso15693RequestBytes: requestBytes, responseBytes: nil, blocksProgrammed: 0, facts: timingFacts)
            throw error
        }
    }

    /// Sends `request` and returns its payload, or the tag's refusal. `expected`: the payload
    /// length the command must produce.
    func expectSuccess(_ request: ISO15693Request, block: Int?, expected: Int? = nil) async throws(Type5Failure)
        -> [UInt8]
    {
        let response: ISO15693Response
        do {
            response = try await send(request)
        } catch {
            throw .channel(error)
        }
        do {
            return try Type5StatusError.check(response, request: request, block: block, expected: expected)
        } catch {
            throw .refused(error)
        }
    }

    /// Starts a new operation: the statistics count from zero; no block read before is trusted.
    func beginOperation() {
        statistics = CommandStatistics()
        blockZero = nil
    }

    func takeStatistics() -> CommandStatistics {
        defer { statistics = CommandStatistics() }
        return statistics
    }

    // MARK: Identification

    /// GET SYSTEM INFO (`2B`) for the block size and count and the IC reference; the chip from
    /// the UID (``/Type5/Type5Identification``). When the carrier cannot send 2B
    /// (`ChannelError.unsupported`, as PC/SC Part 3 readers) or the tag answers error 01 or 02
    /// (not supported, not recognised), the fallback: the chip from the UID alone, the block size
    /// from the length of READ SINGLE BLOCK 0's answer, the memory size from the catalog when the
    /// UID names a known chip, else from the CC's MLEN (the data area it declares).
    @discardableResult
    public func identify() async throws(Type5Failure) -> Type5TagIdentification {
        if let identification { return identification }
        let request = Type5Command.systemInfo()
        var unavailable: String
        var restricted = false
        do {
            let payload = try await expectSuccess(request, block: nil)
            switch Type5SystemInfo.parse(payload) {
            case .success(let info) where info.blockSize != nil && info.blockCount != nil:
                let chip = Type5Identification.identify(uid: uid, icReference: info.icReference)
                let result = Type5TagIdentification(
                    chip: chip, declaredModel: declaredModel, systemInfo: info, systemInfoUnavailable: nil,
                    carrierIsRestricted: false, blockSize: info.blockSize ?? 4, blockSizeSource: .systemInfo,
                    memoryBytes: info.memoryBytes, memorySource: .systemInfo)
                identification = result
                return result
            case .success:
                unavailable = "the tag's answer has no memory-size field"
            case .failure(let error):
                unavailable = error.sentence
            }
        } catch .channel(.unsupported(let command, let reason)) {
            unavailable = ChannelError.unsupported(command: command, reason: reason).sentence
            restricted = true
        } catch .refused(.refused(let command, let block, let code)) where code == 0x01 || code == 0x02 {
            unavailable = Type5StatusError.refused(command: command, block: block, code: code).sentence
        }
        // The fallback: block 0's answer gives the block size.
        let first = Type5ReadPlan.capabilityContainerRead
        let block = try await expectSuccess(first.request, block: 0)
        guard !block.isEmpty, block.count <= 32 else {
            throw .refused(
                .unexpectedLength(command: first.request.label, block: 0, bytes: block.count, expected: 4))
        }
        blockZero = block
        let chip = Type5Identification.identify(uid: uid)
        let model = chip.model ?? declaredModel
        let catalog = model?.type5?.userBytes
        let result = Type5TagIdentification(
            chip: chip, declaredModel: declaredModel, systemInfo: nil, systemInfoUnavailable: unavailable,
            carrierIsRestricted: restricted, blockSize: block.count, blockSizeSource: .firstRead,
            memoryBytes: catalog, memorySource: catalog == nil ? .capabilityContainer : .catalog)
        identification = result
        return result
    }

    // MARK: Reading

    /// Block 0 (reused from the fallback identification), and block 1 when the CC has the 8-byte
    /// form on 4-byte blocks.
    func readCapabilityContainerBlocks(_ identification: Type5TagIdentification) async throws(Type5Failure)
        -> [UInt8]
    {
        let size = identification.blockSize
        let first = Type5ReadPlan.capabilityContainerRead
        var memory: [UInt8]
        if let blockZero {
            memory = blockZero
        } else {
            memory = try await expectSuccess(first.request, block: 0, expected: size)
            blockZero = memory
        }
        for read in Type5ReadPlan.capabilityContainerReads(blockZero: memory, blockSize: size) {
            memory += try await expectSuccess(read.request, block: read.first, expected: read.count * size)
        }
        return memory
    }

    /// The CC and the data area after it, in the read plan's chunks. With `whole`, every block of
    /// the area; otherwise the reads stop once the TLV walk ends (the NDEF TLV read whole, a
    /// Terminator, or a TLV that cannot be read past). `blockSecurity` goes into the snapshot.
    func readSnapshot(
        _ identification: Type5TagIdentification, whole: Bool, blockSecurity: [Int: Bool] = [:]
    ) async throws -> Type5Snapshot {
        var memory = try await readCapabilityContainerBlocks(identification)
        let size = identification.blockSize
        func snapshot() -> Type5Snapshot {
            Type5Snapshot(
                memory: memory, blockSize: size, memoryBytes: identification.memoryBytes,
                memorySource: identification.memorySource, blockSecurity: blockSecurity, model: identification.model,
                stopAfterNDEF: !whole)
        }
        guard case .success(let cc) = Type5CapabilityContainer.parse(memory, memoryBytes: identification.memoryBytes)
        else { return snapshot() }
        let plan = try Type5ReadPlan.make(cc: cc, blockSize: size, model: identification.model).get()
        for read in plan.reads {
            if !whole {
                // Stop once the walk needs no more bytes.
                guard case .notRead? = snapshot().walk?.problem else { break }
            }
            memory += try await expectSuccess(read.request, block: read.first, expected: read.count * size)
        }
        return snapshot()
    }

    /// GET MULTIPLE BLOCK SECURITY STATUS of blocks `0…last`, in answers that fit a 256-byte frame;
    /// `nil` when the carrier cannot send it or the tag refuses it (the statuses are then unknown,
    /// and the tag's own error 12 on a write of a locked block stays the last word).
    func readBlockSecurity(through last: Int, extended: Bool) async throws(Type5Failure) -> [Int: Bool]? {
        var result: [Int: Bool] = [:]
        var first = 0
        let perRequest = Type5ReadPlan.frameBlocks(blockSize: 1)
        while first <= last {
            let count = min(perRequest, last - first + 1)
            let request = Type5Command.securityStatus(blocks: first, count: count, extended: extended)
            do {
                let payload = try await expectSuccess(request, block: first, expected: count)
                result.merge(Type5Command.blockSecurity(first: first, payload: payload)) { $1 }
            } catch .channel(.unsupported) {
                return nil
            } catch .refused {
                return nil
            }
            first += count
        }
        return result
    }

    /// What the data area holds, as a reader sees it.
    static func content(of snapshot: Type5Snapshot) -> NDEFContent {
        guard snapshot.isFormatted, let walk = snapshot.walk else { return .notFormatted }
        return NDEFContent.from(walk: walk, places: .blocks(size: walk.area.unitSize), mapping: .type5)
    }

    /// Identifies the tag and reads its NDEF message: GET SYSTEM INFO, the CC, then the data area
    /// until the NDEF TLV has been read whole.
    public func read() async throws -> Type5ReadReport {
        beginOperation()
        let identification = try await identify()
        let snapshot = try await readSnapshot(identification, whole: false)
        return Type5ReadReport(
            identification: identification, uid: uid, snapshot: snapshot, content: Self.content(of: snapshot),
            statistics: takeStatistics())
    }
}
