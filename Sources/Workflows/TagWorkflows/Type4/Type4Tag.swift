import NDEF
import TagCatalog
import TagFrames
import TagTransport
import Type4

/// One NFC Forum Type 4 tag in the field, reached through any ``/TagTransport/ISODepChannel``
/// (the emulator, a PC/SC reader, CoreNFC's `NFCISO7816Tag`): recognises it by SELECT of the NDEF
/// application and, for NXP chips, the native GetVersion; reads the CC file and the NDEF file in
/// the largest chunks the CC and the carrier allow; writes in the tearing-safe NLEN order.
///
/// A status word other than success is the tag's refusal (``/Type4/Type4StatusError``, origin
/// `.tag`); TapCard's own refusals, decided from the CC before a write is sent, are
/// ``/Type4/Type4PlanError`` and ``Type4LockRefusal``.
public final class Type4Tag {
    public let channel: any ISODepChannel
    public let declaredModel: TagModel?
    /// The UID the carrier reported (PC/SC GET DATA, CoreNFC's identifier, the emulator's).
    public let carrierUID: [UInt8]?
    public internal(set) var identification: Type4Identification?
    /// False when the tag answered GetVersion as a DESFire but has no NDEF application (a blank
    /// card, or one holding only other applications): it reads as not formatted and `format`
    /// makes the application. True once the application was selected; `nil` before.
    public internal(set) var hasNDEFApplication: Bool?
    public internal(set) var statistics = CommandStatistics()
    /// Application keys offered for a write or an erase whose NDEF file needs one (an NTAG 424
    /// DNA after `sdm setup`), by key number. Used only when the file's settings call for that
    /// key; never printed, stored or sent in clear (AuthenticateEV2First proves it).
    public var offeredKeys: [UInt8: [UInt8]] = [:]

    var applicationSelected = false
    var selectedFile: UInt16?

    public init(channel: any ISODepChannel, declaredModel: TagModel? = nil, uid: [UInt8]? = nil) {
        self.channel = channel
        self.declaredModel = declaredModel
        self.carrierUID = uid
    }

    /// The model, as identified (or as declared before identification).
    public var model: TagModel? { identification?.model ?? declaredModel }

    /// The UID: GetVersion's on an NTAG 424 DNA, else the carrier's.
    public var uid: [UInt8]? { identification?.version?.uid ?? carrierUID }

    /// The tag's frame size (FSC) for the timing model: its model's, else the NTAG 424 DNA's 128,
    /// the smallest in the catalog (so modeled times err long).
    var frameSize: Int { (model ?? .ntag424DNA).type4?.frameSize ?? 128 }
    /// FWI from the model's ATS (TB1 high nibble), 7 when unknown.
    var frameWaitingIndex: Int {
        guard let ats = (model ?? .ntag424DNA).type4?.ats, ats.count > 3, ats[1] & 0x20 != 0 else { return 7 }
        let index = ats[1] & 0x10 != 0 ? 3 : 2
        return Int(ats[index] >> 4)
    }

    /// The largest response data the carrier takes in one exchange.
    var carrierLimit: Int? { channel.maximumResponseBytes.map { max(1, $0 - 2) } }

    // MARK: Commands

    /// Sends one APDU and accounts for it.
    func send(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        do {
            let response = try await channel.transmit(command)
            statistics.record(
                apdu: command, responseBytes: response.data.count + 2, answered: true, tagFrameSize: frameSize,
                frameWaitingIndex: frameWaitingIndex)
            return response
        } catch {
            statistics.record(
                apdu: command, responseBytes: 0, answered: false, tagFrameSize: frameSize,
                frameWaitingIndex: frameWaitingIndex)
            throw error
        }
    }

    /// Sends `command` and returns its data, or the tag's refusal.
    func expectSuccess(_ command: CommandAPDU, file: UInt16?) async throws(Type4Failure) -> [UInt8] {
        let response: ResponseAPDU
        do {
            response = try await send(command)
        } catch {
            throw .channel(error)
        }
        do {
            return try Type4StatusError.check(response, command: command, file: file)
        } catch {
            throw .refused(error)
        }
    }

    /// SELECT of the NDEF application (v2.0 DF name, then v1.0 when that is not found). iOS may
    /// have selected it already: a second SELECT is harmless.
    func selectApplication() async throws(Type4Failure) {
        if applicationSelected { return }
        do {
            _ = try await expectSuccess(Type4Command.selectNDEFApplication(), file: nil)
        } catch .refused(.noNDEFApplication) {
            _ = try await expectSuccess(Type4Command.selectNDEFApplication(version1: true), file: nil)
        }
        applicationSelected = true
        selectedFile = nil
    }

    /// SELECT of an elementary file inside the NDEF application (skipped when it is selected).
    func select(file: UInt16) async throws(Type4Failure) {
        try await selectApplication()
        if selectedFile == file { return }
        _ = try await expectSuccess(Type4Command.selectFile(file), file: nil)
        selectedFile = file
    }

    /// Starts a new operation: the statistics count from zero; what was selected is not trusted.
    func beginOperation() {
        statistics = CommandStatistics()
        forgetSelection()
    }

    /// Forgets what is selected: after a native command or a change of session, the next ISO
    /// command SELECTs again.
    func forgetSelection() {
        applicationSelected = false
        selectedFile = nil
    }

    func takeStatistics() -> CommandStatistics {
        defer { statistics = CommandStatistics() }
        return statistics
    }

    // MARK: Identification

    /// SELECT of the NDEF application, then the native GetVersion (`90 60`, `90 AF`, `90 AF`):
    /// three parts name an NTAG 424 DNA or a DESFire; a refusal (a plain T4T answers `6E 00` or
    /// `6D 00`) leaves a generic Type 4 tag. The application is selected again afterwards, since a
    /// native command may leave the ISO selection undefined.
    ///
    /// A tag without the NDEF application is no Type 4 tag TapCard can use (the SELECT's refusal
    /// is thrown), unless its GetVersion names a DESFire: that card is identified, and reads as
    /// not formatted (``hasNDEFApplication`` false).
    @discardableResult
    public func identify() async throws(Type4Failure) -> Type4Identification {
        if let identification { return identification }
        var missing: Type4Failure?
        do {
            try await selectApplication()
        } catch {
            guard case .refused(.noNDEFApplication) = error else { throw error }
            missing = error
        }
        var parts: [[UInt8]] = []
        var status = StatusWord.success
        var command = NTAG424Command.getVersion
        for _ in 0..<3 {
            let response: ResponseAPDU
            do {
                response = try await send(command)
            } catch {
                throw .channel(error)
            }
            status = response.status
            guard status == .additionalFrame || status == .nativeSuccess else { break }
            parts.append(response.data)
            if status == .nativeSuccess { break }
            command = NTAG424Command.additionalFrame
        }
        let result: Type4Identification
        if parts.count == 3, status == .nativeSuccess, case .success(let version) = NTAG424Version.parse(parts: parts) {
            result = Type4Identification.fromVersion(version)
            forgetSelection()
        } else if let declaredModel {
            result = Type4Identification(model: declaredModel, evidence: .declared)
        } else {
            result = Type4Identification(model: .genericType4, evidence: .ndefApplicationOnly(getVersion: status))
            if !parts.isEmpty { forgetSelection() }
        }
        if let missing, result.desfire == nil { throw missing }
        hasNDEFApplication = missing == nil
        identification = result
        return result
    }

    // MARK: Reading

    /// The CC file: its first 15 bytes (CCLEN, version, MLe, MLc and the NDEF File Control TLV, in
    /// one READ BINARY as Android reads it), and with `whole` the rest (proprietary file TLVs) in
    /// chunks ≤ MLe.
    func readCapabilityContainer(whole: Bool) async throws -> (Type4CapabilityContainer, [UInt8]) {
        let file = Type4Facts.ccFileIdentifier
        try await select(file: file)
        var bytes = try await expectSuccess(
            Type4Command.readBinary(offset: 0, length: Type4CapabilityContainer.firstReadLength), file: file)
        var cc = try Type4CapabilityContainer.parse(bytes).get()
        if whole, cc.unreadBytes > 0 {
            let chunk = Type4Chunking(cc: cc, carrierLimit: carrierLimit).readChunk
            for read in Type4ReadPlan.reads(from: bytes.count, count: cc.unreadBytes, chunk: chunk) {
                bytes += try await expectSuccess(read.apdu, file: file)
            }
            cc = try Type4CapabilityContainer.parse(bytes).get()
        }
        return (cc, bytes)
    }

    /// NLEN and the message in as few READ BINARY as the read chunk allows: the first read takes
    /// NLEN together with the start of the message (a whole chunk from offset 0, or `expected`
    /// message bytes when the caller knows how many to look for), the rest follows in chunks.
    func readNDEFFile(cc: Type4CapabilityContainer, ccBytes: [UInt8], expected: Int? = nil) async throws
        -> Type4Snapshot
    {
        let plan = try Type4ReadPlan.make(cc: cc, carrierLimit: carrierLimit).get()
        try await select(file: plan.file)
        let field = cc.lengthFieldBytes
        let wanted = expected.map { field + $0 } ?? plan.chunking.readChunk
        let first = max(field, min(plan.chunking.readChunk, cc.ndefFile.maximumSize, wanted))
        let head = try await expectSuccess(Type4Command.readBinary(offset: 0, length: first), file: plan.file)
        let (length, damaged) = try Self.messageLength(Array(head.prefix(field)), cc: cc, ccBytes: ccBytes)
        if let damaged { return damaged }
        var message = Array(head.dropFirst(field).prefix(length))
        if message.count < length {
            let rest = Type4ReadPlan.reads(
                from: field + message.count, count: length - message.count, chunk: plan.chunking.readChunk)
            if let far = rest.first(where: { $0.offset > Type4NDEFFile.maximumShortOffset }) {
                throw Type4PlanError.offsetBeyondShortAddressing(offset: far.offset)
            }
            for read in rest { message += try await expectSuccess(read.apdu, file: plan.file) }
        }
        return Type4Snapshot(
            capabilityContainer: cc, capabilityContainerBytes: ccBytes, messageLength: length, message: message)
    }

    /// The CC file and the NDEF file it names. On a DESFire, `nil` when the NDEF application is
    /// there without both files or a CC that parses (what a torn `format` leaves: the card is not
    /// formatted yet, and `format` finishes it); on any other tag those are errors.
    func readNDEFFiles(_ identification: Type4Identification, whole: Bool) async throws -> Type4Snapshot? {
        do {
            let (cc, ccBytes) = try await readCapabilityContainer(whole: whole)
            return try await readNDEFFile(cc: cc, ccBytes: ccBytes)
        } catch let failure as Type4Failure where identification.desfire != nil {
            guard case .refused(.refused(_, _, let status)) = failure, status == .fileNotFound else { throw failure }
            return nil
        } catch is Type4CCError where identification.desfire != nil {
            return nil
        }
    }

    /// NLEN (or ENLEN) from `head`: the length, or, for a length no message fits, the snapshot
    /// that reports it (a state to show and to write over, not a failure); a length field cut
    /// short is thrown.
    static func messageLength(_ head: [UInt8], cc: Type4CapabilityContainer, ccBytes: [UInt8]) throws
        -> (length: Int, damaged: Type4Snapshot?)
    {
        switch Type4NDEFFile.parseLength(head, cc: cc) {
        case .success(let value): return (value, nil)
        case .failure(let problem):
            guard case .beyondFile(let declared, _, _, _, _) = problem else { throw problem }
            let snapshot = Type4Snapshot(
                capabilityContainer: cc, capabilityContainerBytes: ccBytes, messageLength: declared, message: [],
                lengthProblem: problem)
            return (declared, snapshot)
        }
    }

    /// What the NDEF file holds, as a reader sees it.
    static func content(of snapshot: Type4Snapshot) -> NDEFContent {
        if let problem = snapshot.lengthProblem { return .interrupted(.interruptedWrite(detail: problem.detail)) }
        if snapshot.isEmpty { return .empty }
        guard snapshot.isComplete else {
            return .interrupted(
                .interruptedWrite(
                    detail: "NLEN says \(snapshot.messageLength) bytes but \(snapshot.message.count) could be read"))
        }
        do {
            return .message(try NDEFMessage.decode(snapshot.message), bytes: snapshot.message)
        } catch {
            return .interrupted(
                .interruptedWrite(
                    detail: "the \(snapshot.messageLength)-byte NDEF message does not decode: \(error.sentence)"))
        }
    }

    /// Identifies the tag and reads its NDEF message: SELECT, GetVersion, the CC file, NLEN and the
    /// message in the largest chunks allowed.
    public func read() async throws -> Type4ReadReport {
        beginOperation()
        let identification = try await identify()
        guard hasNDEFApplication != false, let snapshot = try await readNDEFFiles(identification, whole: true) else {
            return Type4ReadReport(
                identification: identification, uid: uid, snapshot: nil, content: .notFormatted,
                statistics: takeStatistics())
        }
        return Type4ReadReport(
            identification: identification, uid: uid, snapshot: snapshot, content: Self.content(of: snapshot),
            statistics: takeStatistics())
    }
}
