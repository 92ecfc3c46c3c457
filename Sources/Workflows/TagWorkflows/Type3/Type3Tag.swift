import NDEF
import TagCatalog
import TagFrames
import TagTransport
import Type3

/// One NFC Forum Type 3 (FeliCa) card in the field, reached through any
/// ``/TagTransport/FeliCaChannel`` (the emulator, CoreNFC's `NFCFeliCaTag` later; FeliCa does not
/// cross PC/SC in TapCard): recognises the chip by its PMm IC code
/// (``/Type3/Type3Identification``), decides NDEF by polling for 12FC and the attribute block
/// (``Type3NDEFArea``), reads with Check through service 000B in groups of at most Nbr, and writes
/// with Update through 0009 in the WriteF order (``/Type3/Type3WritePlan``).
///
/// Status flags other than 00 00 are the card's refusal (``/Type3/Type3StatusError``, origin
/// `.tag`); TapCard's own refusals, decided from what was read before anything is written, are
/// ``/Type3/Type3PlanError`` and ``Type3Refusal`` (origin `.refusal`).
///
/// Card-key authentication and MAC are not implemented (see the Type3 module article): blocks
/// that need them are refused by the card, and reported so.
public final class Type3Tag {
    public let channel: any FeliCaChannel
    public let declaredModel: TagModel?
    public private(set) var identification: Type3Identification?
    public internal(set) var statistics = CommandStatistics()

    public init(channel: any FeliCaChannel, declaredModel: TagModel? = nil) {
        self.channel = channel
        self.declaredModel = declaredModel
    }

    /// The model, as identified (or as declared before identification).
    public var model: TagModel? { identification?.model ?? declaredModel }
    public var idm: [UInt8] { channel.idm }
    /// The chip's facts, when TapCard has them (they cap Check and Update sizes).
    var facts: Type3Facts? { model?.type3 }

    // MARK: Commands

    /// Sends one command and accounts for it with the Type 3 timing model.
    func send(_ command: FeliCaCommand) async throws(ChannelError) -> FeliCaResponse {
        do {
            let response = try await channel.send(command)
            statistics.record(
                felica: command, responsePacketBytes: 1 + response.idm.count + response.payload.count,
                pmm: channel.pmm)
            return response
        } catch {
            statistics.record(felica: command, responsePacketBytes: nil, pmm: channel.pmm)
            throw error
        }
    }

    /// Sends `command` and returns its data (for Check, the blocks' bytes), or the card's refusal.
    func expectSuccess(_ command: FeliCaCommand, blocks: [Int]) async throws(Type3Failure) -> [UInt8] {
        let response: FeliCaResponse
        do {
            response = try await send(command)
        } catch {
            throw .channel(error)
        }
        do {
            return try Type3StatusError.check(response, command: command, blocks: blocks)
        } catch {
            throw .refused(error)
        }
    }

    /// Check of `blocks` through the read service 000B.
    func checkBlocks(_ blocks: [Int]) async throws(Type3Failure) -> [UInt8] {
        try await expectSuccess(
            Type3Command.check(idm: idm, service: facts?.readService ?? 0x000B, blocks: blocks), blocks: blocks)
    }

    /// Polling for `systemCode` with request code 01: the PMm and the system code answered, or
    /// `nil` when no card answered (a timeout: a card that has no such system stays silent).
    func poll(_ systemCode: UInt16) async throws(Type3Failure) -> (pmm: [UInt8], systemCode: UInt16?)? {
        let command = Type3Command.polling(systemCode: systemCode)
        let response: FeliCaResponse
        do {
            response = try await send(command)
        } catch .timeout {
            return nil
        } catch {
            throw .channel(error)
        }
        guard response.code == command.code &+ 1 else {
            throw .refused(.wrongResponseCode(command: command.label, code: response.code))
        }
        guard response.payload.count >= 8 else {
            throw .refused(.shortResponse(command: command.label, received: response.payload.count, expected: 8))
        }
        let pmm = Array(response.payload.prefix(8))
        let code =
            response.payload.count >= 10 ? UInt16(response.payload[8]) << 8 | UInt16(response.payload[9]) : nil
        return (pmm, code)
    }

    /// The system codes of the Type 3 chips the catalog knows (FeliCa Lite-S: 88B4).
    static let catalogSystemCodes: [UInt16] = Array(Set(TagModel.allCases.compactMap { $0.type3?.systemCode })).sorted()

    /// Polling for FFFF (any system): the card's own system code. A carrier that polls only the
    /// system codes it lists refuses the wildcard as a command it cannot send (iOS: only the
    /// codes in the app's Info.plist, `NFCFeliCaTag.h`); then each system code of a chip the
    /// catalog knows (``catalogSystemCodes``) is polled instead, and the carrier's refusal is
    /// thrown only when it could send none of them. `nil` when no card answered.
    func pollOwnSystem() async throws(Type3Failure) -> (pmm: [UInt8], systemCode: UInt16?)? {
        do {
            return try await poll(0xFFFF)
        } catch .channel(.unsupported(let command, let reason)) {
            var sent = false
            for code in Self.catalogSystemCodes {
                do {
                    let answer = try await poll(code)
                    sent = true
                    if let answer { return answer }
                } catch .channel(.unsupported) {
                    continue
                }
            }
            if sent { return nil }
            throw .channel(.unsupported(command: command, reason: reason))
        }
    }

    /// Starts a new operation: the statistics count from zero.
    func beginOperation() {
        statistics = CommandStatistics()
    }

    func takeStatistics() -> CommandStatistics {
        defer { statistics = CommandStatistics() }
        return statistics
    }

    // MARK: Identification

    /// Polling for 12FC (request code 01). An answer means NDEF is enabled; silence means it is
    /// not, and Polling for FFFF (any system) then finds the card and its own system code (88B4
    /// on a Lite-S; on a carrier that refuses FFFF, the catalog's system codes: `pollOwnSystem()`). The chip comes from the PMm's IC code (F1/F2: FeliCa Lite-S); a virtual file's
    /// declared model stands in for an IC code TapCard does not know.
    @discardableResult
    public func identify() async throws(Type3Failure) -> Type3Identification {
        if let identification { return identification }
        var answer = try await poll(Type3Facts.ndefSystemCode)
        if answer == nil {
            answer = try await pollOwnSystem()
        }
        guard let answer else {
            throw .channel(.noTag)
        }
        var result = Type3Identification.identify(pmm: answer.pmm, systemCode: answer.systemCode)
        if result.model == nil { result.model = declaredModel }
        identification = result
        return result
    }

    /// Forgets the identification, so the next operation polls again (after a format enables NDEF).
    func forgetIdentification() { identification = nil }

    // MARK: Reading

    /// Check of the attribute block (block 0) alone.
    func readAttributeBlock() async throws(Type3Failure) -> [UInt8] {
        try await checkBlocks([Type3Facts.attributeBlock])
    }

    /// The NDEF area from block 0's bytes: the data Checks the attribute block calls for (none
    /// after an interrupted write, WriteF 0F). Throws ``/Type3/Type3PlanError`` when the attribute
    /// block cannot be trusted to plan them (Nbr 0, Ln beyond Nmaxb × 16, more blocks than the chip).
    func readArea(enabled: Bool, block0: [UInt8]?) async throws -> Type3NDEFArea {
        guard enabled, let block0 else { return .notEnabled }
        let attribute: Type3AttributeBlock
        switch Type3AttributeBlock.parse(block0) {
        case .success(let parsed): attribute = parsed
        case .failure(let error): return .unusableAttribute(error, bytes: block0)
        }
        let plan = try Type3ReadPlan.make(attribute: attribute, facts: facts, service: facts?.readService ?? 0x000B)
            .get()
        var data: [UInt8] = []
        for blocks in plan.checks { data += try await checkBlocks(blocks) }
        return .formatted(Type3Snapshot.make(attribute: attribute, data: data))
    }

    /// What the NDEF area holds, as a reader sees it. WriteF 0F is an interrupted write.
    static func content(of area: Type3NDEFArea) -> NDEFContent {
        guard case .formatted(let snapshot) = area else { return .notFormatted }
        if !snapshot.isInterruptedWrite, snapshot.isLengthBeyondCapacity {
            return .interrupted(
                .interruptedWrite(
                    detail:
                        "the attribute block's Ln says \(snapshot.attribute.length) bytes, more than the \(snapshot.capacity) bytes (Nmaxb × 16) it reports, so no message can be read"
                ))
        }
        guard let message = snapshot.message else {
            return .interrupted(
                .interruptedWrite(
                    detail:
                        "the attribute block's WriteF is 0F: a write started and did not finish, so the data is not valid"
                ))
        }
        guard snapshot.isComplete else {
            return .interrupted(
                .interruptedWrite(
                    detail: "Ln says \(snapshot.attribute.length) bytes but \(message.count) could be read"))
        }
        if message.isEmpty { return .empty }
        do {
            return .message(try NDEFMessage.decode(message), bytes: message)
        } catch {
            return .interrupted(
                .interruptedWrite(detail: "the \(message.count)-byte NDEF message does not decode: \(error.sentence)"))
        }
    }

    /// Identifies the card and reads its NDEF message: Polling, Check of block 0, Checks of the
    /// blocks Ln covers (nothing more when NDEF is not enabled).
    public func read() async throws -> Type3ReadReport {
        beginOperation()
        let identification = try await identify()
        let enabled = identification.answersNDEF
        let block0: [UInt8]? = if enabled { try await readAttributeBlock() } else { nil }
        let area = try await readArea(enabled: enabled, block0: block0)
        return Type3ReadReport(
            identification: identification, idm: idm, pmm: channel.pmm, area: area, content: Self.content(of: area),
            statistics: takeStatistics())
    }
}
