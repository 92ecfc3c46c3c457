import TagCatalog
import TagTransport
import TapCardSupport
import Type2

/// One NFC Forum Type 2 tag in the field, reached through any ``/TagTransport/NFCAChannel``: identifies the
/// chip, reads what it must with as few commands as the chip allows, and sends planned page
/// writes in order. Counts every command and its modeled air time.
///
/// A class because it is a session with a tag: it remembers what it has read.
public final class Type2Tag<Transport: NFCAChannel> {
    public let transport: Transport
    /// The model a caller declared (a virtual tag file names it); used when GET_VERSION is not
    /// answered.
    public let declaredModel: TagModel?
    public private(set) var identification: ChipIdentification?
    /// Memory read so far, a contiguous prefix from page 0.
    public private(set) var memory: [UInt8] = []
    /// Pages read apart from `memory` (the dynamic lock page).
    public internal(set) var separatePages: [Int: [UInt8]] = [:]
    public private(set) var statistics = CommandStatistics()
    /// How often the tag was woken and selected again after a NAK or silence sent it to IDLE.
    public private(set) var reactivations = 0

    /// The password to present with PWD_AUTH at the start of each operation (NTAG21x, Ultralight
    /// EV1); `nil`: none. It is sent once per operation and never retried: a wrong one counts
    /// against the chip's AUTHLIM.
    public var password: Type2Password?
    /// The 16-byte key to authenticate a key-guarded chip with at the start of each operation
    /// (MIFARE Ultralight C: 3DES; Ultralight AES: AES-128, its DataProtKey; the cipher is the
    /// identified chip's); `nil`: none. Never printed (``/Type2/Type2AuthenticationKey`` hides
    /// its bytes).
    public var key: Type2AuthenticationKey?
    /// The PACK the tag must answer to `password`; a different answer stops the operation
    /// before anything is written (a counterfeit may accept any password).
    public var expectedAcknowledge: PasswordAcknowledge?
    /// The PACK the tag answered in this operation, when it accepted `password`.
    public internal(set) var receivedAcknowledge: PasswordAcknowledge?
    /// True once the tag accepted `password` in this operation.
    public internal(set) var isAuthenticated = false
    /// The first page the tag refused to read in this operation (see
    /// ``/Type2/Type2Snapshot/readRefusedFromPage``).
    public internal(set) var readRefusedFromPage: Int?
    /// True when the configuration pages were asked for in this operation and refused.
    public internal(set) var configurationRefused = false

    public init(
        transport: Transport, declaredModel: TagModel? = nil, password: Type2Password? = nil,
        expectedAcknowledge: PasswordAcknowledge? = nil, key: Type2AuthenticationKey? = nil
    ) {
        self.transport = transport
        self.declaredModel = declaredModel
        self.password = password
        self.expectedAcknowledge = expectedAcknowledge
        self.key = key
    }

    public var model: TagModel? { identification?.model ?? declaredModel }

    /// Sends one frame and accounts for it. A NAK or silence sends a Type 2 chip to IDLE, where it
    /// answers nothing until it is selected again: the tag is re-activated before the error goes
    /// up, so whoever catches it (identification, the read-protection probe) can carry on. A
    /// password session dies with the IDLE state; it is presented again when there was one.
    public func send(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        do {
            let answer = try await transport.transceive(command)
            statistics.record(command: command, responseBytes: answer.count, answered: true)
            return answer
        } catch {
            statistics.record(command: command, responseBytes: 0, answered: false)
            switch error {
            case .nak, .timeout: await recoverFromIdle()
            default: break
            }
            throw error
        }
    }

    /// Wakes the tag after a NAK or silence; presents the password again if it had been accepted.
    private func recoverFromIdle() async {
        do {
            try await transport.reactivate()
            reactivations += 1
        } catch {
            return
        }
        if isAuthenticated, let key {
            // The key session died with the IDLE state: run the exchange again.
            isAuthenticated = false
            try? await authenticate(with: key)
            return
        }
        guard isAuthenticated, let password else { return }
        let frame = [NXPCommand.passwordAuthCode] + password.bytes
        do {
            let answer = try await transport.transceive(frame)
            statistics.record(command: frame, responseBytes: answer.count, answered: true)
        } catch {
            statistics.record(command: frame, responseBytes: 0, answered: false)
            isAuthenticated = false
        }
    }

    /// GET_VERSION, falling back to the CC size (NTAG203 / MIFARE Ultralight) when the chip does
    /// not answer it (a NAK or silence).
    @discardableResult
    public func identify() async throws(ChannelError) -> ChipIdentification {
        if let identification { return identification }
        let result: ChipIdentification
        do {
            let version = try await send(NXPCommand.getVersion)
            result = ChipIdentification.fromVersion(version)
        } catch {
            switch error {
            case .nak, .timeout, .unsupported:
                try await readHeader()
                let ccSize = memory.count >= 16 && memory[12] == 0xE1 ? memory[14] : (memory.count >= 16 ? 0 : nil)
                if let declaredModel {
                    result = ChipIdentification(model: declaredModel, evidence: .declared)
                } else {
                    result = await ultralightCIfItAuthenticates(ChipIdentification.withoutVersion(ccSize: ccSize))
                }
            default:
                throw error
            }
        }
        identification = result
        return result
    }

    /// NTAG203 and a formatted MIFARE Ultralight C have the same CC (`E1 10 12 00`) and neither
    /// answers GET_VERSION; only the Ultralight C answers AUTHENTICATE (`1A 00`) with `AF` and an
    /// 8-byte challenge (MF0ICU2 §9.5), and NTAG203 NAKs it. The exchange is left unfinished: the
    /// next command ends it.
    private func ultralightCIfItAuthenticates(_ guess: ChipIdentification) async -> ChipIdentification {
        guard guess.model == .ntag203 else { return guess }
        guard let answer = try? await send(UltralightCAuthentication.command), answer.count == 9,
            answer[0] == UltralightCAuthentication.continueCode
        else { return guess }
        return ChipIdentification(model: .ultralightC, evidence: guess.evidence)
    }

    /// Pages 0–3 (UID, static lock bytes, CC) with one command: on chips with FAST_READ, the
    /// first `pages` pages at once (by default 16: the header and the first 48 data bytes, enough
    /// for most messages' TLVs or the whole of a short message); otherwise one READ.
    public func readHeader(pages: Int = 16) async throws(ChannelError) {
        if memory.count >= 16 { return }
        if hasFastRead {
            memory = try await fastReadReadable(0...(min(max(pages, 4), 16, model?.type2Layout?.totalPages ?? 16) - 1))
        } else {
            memory = try await read(page: 0)
        }
    }

    /// The refusal for a page past 255: reaching it needs SECTOR_SELECT (NTAG I2C 2k). With
    /// `beforeWriting`, the refusal says that nothing was written.
    static func beyondSectorZero(page: Int, command: UInt8, beforeWriting: Bool = false) -> ChannelError {
        .unsupported(
            command: .nfcA(command),
            reason:
                "page \(page) lies beyond page 255 and needs SECTOR_SELECT (NTAG I2C 2k), which TapCard does not send yet"
                + (beforeWriting ? "; nothing was written" : ""))
    }

    private var hasFastRead: Bool { identification.map(NXPCommand.supportsFastRead) ?? false }

    /// One FAST_READ of `pages`, its answer checked for length.
    private func fastRead(_ pages: ClosedRange<Int>) async throws(ChannelError) -> [UInt8] {
        let answer = try await send(NXPCommand.fastRead(from: pages.lowerBound, to: pages.upperBound))
        let expected = pages.count * Type2Page.size
        guard answer.count == expected else {
            throw .malformedResponse(command: 0x3A, received: answer.count, expected: expected)
        }
        return answer
    }

    /// A FAST_READ of `pages` on a chip that may be read-protected: when the tag refuses (NAK: a
    /// page in the range needs the password, ACCESS.PROT), the first refused page is found by
    /// halving the range (at most log2(60) + 1 more FAST_READs) and recorded in
    /// ``readRefusedFromPage``; the pages before it are returned. On chips without a password a
    /// NAK is thrown as before.
    ///
    /// Real NTAG21x chips go idle after a NAK until they are selected again; the NFC-A channel's
    /// re-activation (issue "Every tag technology has a seam") will sit between the probes. The
    /// emulator answers on.
    private func fastReadReadable(_ pages: ClosedRange<Int>) async throws(ChannelError) -> [UInt8] {
        do {
            return try await fastRead(pages)
        } catch .nak(let code, let command) {
            guard let model, PasswordScheme.of(model) != nil, !isAuthenticated else {
                throw .nak(code: code, command: command)
            }
            var readable: [UInt8] = []
            var good = pages.lowerBound - 1
            var refused = pages.upperBound
            while refused - good > 1 {
                let middle = (good + refused) / 2
                do {
                    readable = try await fastRead(pages.lowerBound...middle)
                    good = middle
                } catch .nak {
                    refused = middle
                }
            }
            readRefusedFromPage = min(readRefusedFromPage ?? refused, refused)
            return Array(readable.prefix((good - pages.lowerBound + 1) * Type2Page.size))
        }
    }

    /// One READ: the 16 bytes from `page` on (rolling over at the end of memory).
    private func read(page: Int) async throws(ChannelError) -> [UInt8] {
        let answer = try await send(Type2Command.read(page: page))
        guard answer.count == 16 else {
            throw .malformedResponse(command: .nfcA(Type2Command.readCode), received: answer.count, expected: 16)
        }
        return answer
    }

    /// The bytes of `pages` as the tag holds them now, whatever was read before: one FAST_READ
    /// per 60 pages where the chip has it, else 16-byte READs. Does not change `memory`.
    public func readPages(_ pages: ClosedRange<Int>) async throws(ChannelError) -> [UInt8] {
        guard pages.upperBound <= Type2Command.maxAddressablePage else {
            throw Self.beyondSectorZero(page: pages.upperBound, command: Type2Command.readCode)
        }
        var bytes: [UInt8] = []
        var first = pages.lowerBound
        while first <= pages.upperBound {
            if hasFastRead {
                let last = min(pages.upperBound, first + NXPCommand.maxFastReadPages - 1)
                bytes += try await fastRead(first...last)
                first = last + 1
            } else {
                let wanted = min(4, pages.upperBound - first + 1)
                bytes += try await read(page: first).prefix(wanted * Type2Page.size)
                first += wanted
            }
        }
        return bytes
    }

    /// Extends `memory` to cover bytes up to `byteEnd` (exclusive): FAST_READ where the chip has
    /// it, else 16-byte READs.
    public func ensureRead(upTo byteEnd: Int) async throws(ChannelError) {
        let totalPages = model?.type2Layout?.totalPages ?? 256
        let lastPage = min((byteEnd + Type2Page.size - 1) / Type2Page.size, totalPages) - 1
        if lastPage > Type2Command.maxAddressablePage {
            throw Self.beyondSectorZero(page: lastPage, command: Type2Command.readCode)
        }
        while memory.count / Type2Page.size <= lastPage {
            let first = memory.count / Type2Page.size
            if readRefusedFromPage != nil { return }
            // A READ rolls over at AUTH0 on a read-protected chip: where FAST_READ exists, even a
            // single page is read with it, so a protected page is refused, never wrapped.
            if hasFastRead, lastPage > first || model.flatMap(PasswordScheme.of) != nil {
                memory += try await fastReadReadable(first...min(lastPage, first + NXPCommand.maxFastReadPages - 1))
            } else {
                let answer: [UInt8]
                do {
                    answer = try await read(page: first)
                } catch .nak(let code, let command) {
                    guard model?.type2KeyCipher != nil, !isAuthenticated else {
                        throw .nak(code: code, command: command)
                    }
                    try await findKeyReadGuard(refusedAt: first)
                    return
                }
                // READ rolls over at the end of memory: keep only pages that exist.
                memory += answer.prefix(max(0, totalPages - first) * Type2Page.size)
            }
        }
    }

    /// A key-guarded chip (Ultralight C, Ultralight AES) that guards reads NAKs a READ from AUTH0
    /// on and rolls a READ below it over at AUTH0 (MF0ICU2 §7.5.8; the Ultralight AES assumed
    /// alike), so the 16 bytes of the READ before the refused one at `page` may hold pages 0, 1 …
    /// in place of AUTH0 and on. AUTH0 lies in the 4 pages up to `page`: found with at most two
    /// more READs (halving), then ``readRefusedFromPage`` records it and `memory` keeps only the
    /// pages before it.
    private func findKeyReadGuard(refusedAt page: Int) async throws(ChannelError) {
        var good = max(page - 4, -1)
        var refused = page
        while refused - good > 1 {
            let middle = (good + refused) / 2
            do {
                _ = try await read(page: middle)
                good = middle
            } catch .nak {
                refused = middle
            }
        }
        readRefusedFromPage = min(readRefusedFromPage ?? refused, refused)
        memory = Array(memory.prefix(refused * Type2Page.size))
    }

    /// Reads what the NDEF status and the message need: header (the first `headerPages` pages
    /// where FAST_READ allows), then the TLVs up to the end of the NDEF TLV (a first 16-byte
    /// READ, then one FAST_READ for the rest where possible).
    public func readNDEFArea(headerPages: Int = 16) async throws(ChannelError) -> Type2Snapshot {
        try await identify()
        try await readHeader(pages: headerPages)
        var snapshot = currentSnapshot(stopAfterNDEF: true)
        var rounds = 0
        while case .notRead(let upTo) = snapshot.walk?.problem, rounds < 64 {
            rounds += 1
            // The first data read is one READ (16 bytes): enough for the TLV headers of most tags.
            // A TLV's header, then its value, take two rounds; from the third on, the walk is
            // stepping through NULL padding or many small TLVs, a byte at a time: read twice as
            // much each round, so any data area takes a handful of rounds (one page a round
            // stopped after 64, and ~320 NULL TLVs before the NDEF TLV read as an interrupted
            // write).
            let target = memory.count <= 16 ? max(upTo, 32) : rounds > 2 ? max(upTo, 2 * memory.count) : upTo
            let before = memory.count
            try await ensureRead(upTo: target)
            snapshot = currentSnapshot(stopAfterNDEF: true)
            if memory.count == before { break }
        }
        return snapshot
    }

    /// Reads the chip's dynamic lock bytes when they lie beyond what was read (one command: a
    /// FAST_READ of just their pages where the chip has it, else a READ).
    public func readDynamicLockBytes(for snapshot: Type2Snapshot) async throws(ChannelError) -> Type2Snapshot {
        guard let area = snapshot.dynamicLockArea, snapshot.dynamicLockBytes == nil else { return snapshot }
        let page = Type2Page.page(ofByte: area.byteAddress)
        let lastPage = min(Type2Page.page(ofByte: area.byteRange.upperBound - 1), page + 3)
        guard lastPage <= Type2Command.maxAddressablePage else { return snapshot }
        // CFG0/CFG1 follow the dynamic lock page on NTAG21x: the password preflight needs them,
        // so one FAST_READ takes both (a refusal — the configuration behind a read password —
        // falls back to the lock page alone).
        var end = lastPage
        if !isAuthenticated, !configurationRefused, snapshot.accessConfiguration == nil, let model,
            let scheme = PasswordScheme.of(model), scheme.configPage == lastPage + 1,
            scheme.accessPage <= Type2Command.maxAddressablePage, hasFastRead
        {
            end = scheme.accessPage
        }
        let answer: [UInt8]
        if end > lastPage {
            do {
                answer = try await readPages(page...end)
            } catch .nak {
                configurationRefused = true
                end = lastPage
                answer = try await readPages(page...lastPage)
            }
        } else {
            answer = try await readPages(page...lastPage)
        }
        for (index, readPage) in (page...end).enumerated() {
            separatePages[readPage] = Array(answer[index * 4..<index * 4 + 4])
        }
        return currentSnapshot(stopAfterNDEF: true)
    }

    /// Reads CFG0 and CFG1 (AUTH0 and the ACCESS byte) on chips that have them, with one
    /// command; a tag that refuses (its configuration behind a password) leaves them unread.
    public func readConfigurationPages(for snapshot: Type2Snapshot) async throws(ChannelError) -> Type2Snapshot {
        guard let configPage = model?.type2Layout?.configPage, configPage + 1 <= Type2Command.maxAddressablePage,
            snapshot.page(configPage + 1) == nil
        else { return snapshot }
        let answer: [UInt8]
        do {
            answer = try await readPages(configPage...(configPage + 1))
        } catch .nak {
            configurationRefused = true
            return snapshot
        }
        separatePages[configPage] = Array(answer[0..<4])
        separatePages[configPage + 1] = Array(answer[4..<8])
        return currentSnapshot(stopAfterNDEF: true)
    }

    /// Reads every page of the chip (for inspection).
    public func readAll() async throws(ChannelError) -> Type2Snapshot {
        try await identify()
        try await readHeader()
        if let total = model?.type2Layout?.totalBytes {
            // Sector 0 only: pages beyond 255 need SECTOR_SELECT (NTAG I2C 2k).
            let end = min(total, (Type2Command.maxAddressablePage + 1) * Type2Page.size)
            do {
                try await ensureRead(upTo: end)
            } catch .nak {
                // A password-protected tag (ACCESS.PROT, from page AUTH0 on) refuses the whole
                // FAST_READ: read on with 16-byte READs and report what the tag lets us read.
                try await readPagesUntilRefused(upTo: end)
            }
        } else {
            let snapshot = currentSnapshot(stopAfterNDEF: false)
            try await ensureRead(upTo: snapshot.walk?.area.end ?? 16)
        }
        return currentSnapshot(stopAfterNDEF: false)
    }

    /// 16-byte READs from the end of `memory` until `byteEnd` or the first page the tag refuses
    /// (NAK); only a NAK ends it quietly.
    func readPagesUntilRefused(upTo byteEnd: Int) async throws(ChannelError) {
        let totalPages = model?.type2Layout?.totalPages ?? 256
        while memory.count < byteEnd {
            let first = memory.count / Type2Page.size
            let answer: [UInt8]
            do {
                answer = try await read(page: first)
            } catch .nak {
                return
            }
            memory += answer.prefix(max(0, totalPages - first) * Type2Page.size)
        }
    }

    /// The snapshot of what was read so far.
    public func currentSnapshot(stopAfterNDEF: Bool) -> Type2Snapshot {
        Type2Snapshot(
            memory: memory, model: model, stopAfterNDEF: stopAfterNDEF, separatePages: separatePages,
            readRefusedFromPage: readRefusedFromPage)
    }

    /// Sends `writes` in order; keeps `memory` in step with what the tag acknowledged. Throws
    /// at the first write that is not acknowledged, saying how many landed.
    public func send(writes: [PageWrite]) async throws(PageWriteFailure) {
        do {
            try await WriteEngine.commit(
                writes, send: { (write: PageWrite) async throws(ChannelError) in try await send(write: write) },
                landed: { landed($0) })
        } catch {
            throw PageWriteFailure(failedIndex: error.failedIndex, write: error.step, cause: error.cause)
        }
    }

    /// One page WRITE, acknowledged with ACK, or the failure.
    func send(write: PageWrite) async throws(ChannelError) {
        guard write.page <= Type2Command.maxAddressablePage else {
            throw Self.beyondSectorZero(page: write.page, command: Type2Command.writeCode)
        }
        let answer = try await send(Type2Command.write(page: write.page, bytes: write.bytes))
        guard answer == Type2Command.ack else {
            throw ChannelError.malformedResponse(
                command: .nfcA(Type2Command.writeCode), received: answer.count, expected: 1)
        }
    }

    /// Keeps the picture of the memory in step with a write the tag acknowledged.
    func landed(_ write: PageWrite) {
        statistics.pagesWritten.append(write.page)
        let range = Type2Page.byteRange(ofPage: write.page)
        if range.upperBound <= memory.count {
            memory.replaceSubrange(range, with: write.bytes)
        }
        if separatePages[write.page] != nil { separatePages[write.page] = write.bytes }
    }

    /// READ_SIG: the 32-byte originality signature, or `nil` when the chip does not answer it.
    public func readSignature() async throws(ChannelError) -> [UInt8]? {
        guard let identification, NXPCommand.supportsFastRead(identification) else { return nil }
        do {
            let answer = try await send(NXPCommand.readSignature)
            return answer.count == 32 ? answer : nil
        } catch {
            switch error {
            case .nak, .timeout, .unsupported: return nil
            default: throw error
            }
        }
    }

    /// Takes `image` (bytes from page 0 that the tag holds, each read from it) as what was read.
    func replaceMemory(with image: [UInt8]) {
        memory = image
    }

    /// Forgets what was read (the tag may have changed since).
    public func forgetMemory() {
        memory = []
        separatePages = [:]
    }

    /// Starts a new operation: nothing read yet (the tag may have changed), no commands counted.
    /// The identification is kept: it is the same chip.
    func beginOperation() {
        forgetMemory()
        statistics = CommandStatistics()
        readRefusedFromPage = nil
        configurationRefused = false
        isAuthenticated = false
        receivedAcknowledge = nil
    }

    /// The statistics so far, and a fresh count from here.
    func takeStatistics() -> CommandStatistics {
        defer { statistics = CommandStatistics() }
        return statistics
    }
}

/// A page write that was not acknowledged.
public struct PageWriteFailure: TapCardError, Equatable {
    /// Index of the failed write in its plan; the writes before it were acknowledged.
    public var failedIndex: Int
    public var write: PageWrite
    public var cause: ChannelError

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        "Writing page \(write.page) (write \(failedIndex + 1) of the plan) was not acknowledged: \(cause.sentence) The \(failedIndex) writes before it landed."
    }
}
