#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation
    import TagFrames
    import TagTransport

    /// The tag a session connected to, confined to that session's queue.
    ///
    /// CoreNFC's tag objects are not `Sendable`. This wrapper is the one place that crosses
    /// isolation: it only touches `tag` inside `queue.async` blocks on the session's serial queue
    /// (where CoreNFC delivers the tag), and everything that leaves it is a `Sendable` value (bytes,
    /// statuses, our errors). Every completion handler settles a ``SettleOnce``, so a handler called
    /// twice cannot resume twice, and an operation still pending when the session ends is failed
    /// with the session's ending instead of hanging.
    final class ConnectedTag: @unchecked Sendable {
        // @unchecked: `tag` is read only on `queue`; `pending` and `ending` only under `lock`.
        let tag: NFCTag
        let queue: DispatchQueue
        let uid: [UInt8]
        let technology: TagTechnology
        let isMiFare: Bool
        /// True when the tag takes ISO 7816-4 APDUs: `.iso7816` (`sendCommand(apdu:)`), or `.miFare`
        /// of the DESFire or Plus family (`sendMiFareISO7816Command`, "Only available when
        /// mifareFamily returns NFCMiFarePlus, NFCMiFareDESFire", corenfc-api.md §1.6).
        let offersISODep: Bool
        /// The AID iOS selected before it delivered an `.iso7816` tag (`initialSelectedAID`).
        let initialSelectedAID: String?
        /// The historical bytes of the tag's ATS, where iOS exposes them.
        let historicalBytes: [UInt8]?
        /// The IC manufacturer code of an `.iso15693` tag (`icManufacturerCode`, UID byte 1);
        /// `nil` for every other kind. Such a tag takes ISO 15693 requests.
        let iso15693ManufacturerCode: UInt8?
        /// The system code iOS selected when it delivered a `.feliCa` card (`currentSystemCode`,
        /// read upper byte first — UNVERIFIED); `nil` for every other kind.
        let feliCaSystemCode: UInt16?
        /// True for a `.feliCa` card: it takes FeliCa commands (`sendFeliCaCommand`).
        let offersFeliCa: Bool
        let defects: DefectLog
        /// The session the tag was detected in, for ``reactivate()``; read only on `queue`.
        weak var session: NFCTagReaderSession?
        private let lock = NSLock()
        private var pending: [@Sendable (NFCSessionError) -> Void] = []
        private var ending: NFCSessionError?
        private var feliCaIDm: [UInt8] = []
        private var feliCaPMm: [UInt8] = []

        /// The refusal for a tag whose NDEF content no phone can reach: a MIFARE tag iOS names no
        /// family for (a MIFARE Classic, Mini, or Plus in security level 1), whose sectors open
        /// only after Crypto1 authentication, which CoreNFC does not do. `nil` for every other tag.
        /// The NDEF reads, writes and locks refuse it before anything is sent; work on the UID alone
        /// (a focus pairing) still reaches it.
        var crypto1Refusal: NFCSessionError? {
            technology == .miFare(family: TagTechnology.unknownMiFareFamily) ? .noCrypto1(uid: uid) : nil
        }

        /// Call on the session queue, from the delegate's `didDetect`.
        init(tag: NFCTag, queue: DispatchQueue, defects: DefectLog) {
            self.tag = tag
            self.queue = queue
            self.defects = defects
            // `if case` chains instead of `switch`: the real `NFCTag` is not frozen and would need
            // `@unknown default`, which the stand-in (a non-resilient module) flags as unreachable.
            if case .miFare(let mifare) = tag {
                uid = [UInt8](mifare.identifier)
                let family = mifare.mifareFamily
                technology = .miFare(
                    family: family == .ultralight
                        ? "Ultralight"
                        : family == .plus ? "Plus" : family == .desfire ? "DESFire" : TagTechnology.unknownMiFareFamily)
                isMiFare = true
                offersISODep = family == .desfire || family == .plus
                initialSelectedAID = nil
                historicalBytes = mifare.historicalBytes.map { [UInt8]($0) }
                iso15693ManufacturerCode = nil
                feliCaSystemCode = nil
                offersFeliCa = false
            } else if case .iso15693(let vicinity) = tag {
                uid = [UInt8](vicinity.identifier)
                technology = .iso15693(manufacturerCode: vicinity.icManufacturerCode)
                isMiFare = false
                offersISODep = false
                initialSelectedAID = nil
                historicalBytes = nil
                iso15693ManufacturerCode = UInt8(truncatingIfNeeded: vicinity.icManufacturerCode)
                feliCaSystemCode = nil
                offersFeliCa = false
            } else if case .iso7816(let isoDep) = tag {
                uid = [UInt8](isoDep.identifier)
                technology = .iso7816
                isMiFare = false
                offersISODep = true
                initialSelectedAID = isoDep.initialSelectedAID
                historicalBytes = isoDep.historicalBytes.map { [UInt8]($0) }
                iso15693ManufacturerCode = nil
                feliCaSystemCode = nil
                offersFeliCa = false
            } else if case .feliCa(let feliCa) = tag {
                uid = [UInt8](feliCa.currentIDm)
                feliCaIDm = uid
                technology = .feliCa
                isMiFare = false
                offersISODep = false
                initialSelectedAID = nil
                historicalBytes = nil
                iso15693ManufacturerCode = nil
                feliCaSystemCode = Self.systemCode(feliCa.currentSystemCode)
                offersFeliCa = true
            } else {
                uid = []
                technology = .iso7816
                isMiFare = false
                offersISODep = false
                initialSelectedAID = nil
                historicalBytes = nil
                iso15693ManufacturerCode = nil
                feliCaSystemCode = nil
                offersFeliCa = false
            }
        }

        /// A 2-byte system code, upper byte first; `nil` for anything else.
        static func systemCode(_ data: Data) -> UInt16? {
            let bytes = [UInt8](data)
            return bytes.count == 2 ? UInt16(bytes[0]) << 8 | UInt16(bytes[1]) : nil
        }

        /// The FeliCa card's IDm: `currentIDm` at detection, then what the last Polling answered.
        var idm: [UInt8] { lock.withLock { feliCaIDm } }
        /// The FeliCa card's PMm, once a Polling brought it (iOS has no PMm property); empty before.
        var pmm: [UInt8] { lock.withLock { feliCaPMm } }

        func noteFeliCa(idm: [UInt8], pmm: [UInt8]) {
            lock.withLock {
                feliCaIDm = idm
                feliCaPMm = pmm
            }
        }

        private var ndefTag: (any NFCNDEFTag)? {
            if case .miFare(let t) = tag { return t }
            if case .iso15693(let t) = tag { return t }
            if case .iso7816(let t) = tag { return t }
            if case .feliCa(let t) = tag { return t }
            return nil
        }

        private var miFareTag: (any NFCMiFareTag)? {
            if case .miFare(let t) = tag { return t }
            return nil
        }

        /// How the session ended, once it has.
        var endingReason: NFCSessionError? { lock.withLock { ending } }

        /// The session ended: fails whatever is still waiting, and anything asked later.
        func sessionEnded(_ reason: NFCSessionError) {
            let failers = lock.withLock { () -> [@Sendable (NFCSessionError) -> Void] in
                if ending == nil { ending = reason }
                defer { pending = [] }
                return pending
            }
            for fail in failers { fail(reason) }
        }

        /// Registers `settle` to be failed if the session ends first; `nil` when it already has.
        func track<V: Sendable, E: Error>(
            _ settle: SettleOnce<V, E>, failure: @escaping @Sendable (NFCSessionError) -> E
        )
            -> NFCSessionError?
        {
            lock.withLock {
                if let ending { return ending }
                pending.append { settle.settleIfPending(.failure(failure($0))) }
                return nil
            }
        }

        /// Runs `start` with the NDEF view of the tag on the session queue and waits for its result.
        @discardableResult
        private func ndef<Value: Sendable>(
            _ label: String, during operation: NFCOperation,
            _ start: @escaping @Sendable (any NFCNDEFTag, SettleOnce<Value, NFCSessionError>) -> Void
        ) async throws(NFCSessionError) -> Value {
            let settle = SettleOnce<Value, NFCSessionError>(label, defects: defects)
            if let ended = track(settle, failure: { $0 }) { throw ended }
            queue.async { [self] in
                guard let tag = ndefTag else {
                    settle.settle(.failure(.unsupportedTag(kind: technology.displayName)))
                    return
                }
                start(tag, settle)
            }
            do {
                return try await settle.value()
            } catch .unsupportedDevice {
                // Error 1 from a tag the phone is connected to cannot mean the phone has no NFC.
                throw .unsupportedByIOS(kind: technology.displayName, during: operation)
            }
        }

        static func errorCode(_ error: any Error) -> Int {
            if let reader = error as? NFCReaderError { return reader.code.rawValue }
            let bridged = error as NSError
            return bridged.domain == NFCErrorDomain ? bridged.code : -1
        }

        /// `queryNDEFStatus`: the NDEF access and the capacity the tag reports.
        func status(during operation: NFCOperation) async throws(NFCSessionError) -> (NDEFAccess, Int) {
            try await ndef("queryNDEFStatus", during: operation) { tag, settle in
                tag.queryNDEFStatus { status, capacity, error in
                    if let error {
                        settle.settle(.failure(NFCSessionError(code: Self.errorCode(error), during: operation)))
                        return
                    }
                    // Compared, not switched: the real enum is not frozen (see `init`).
                    let access: NDEFAccess =
                        status == .readWrite ? .readWrite : status == .readOnly ? .readOnly : .notFormatted
                    settle.settle(.success((access, capacity)))
                }
            }
        }

        /// `readNDEF`: the records of the tag's message. A formatted tag without a message fails
        /// with CoreNFC's `ZeroLengthMessage` (403), as on iOS; callers classify it.
        func readRecords(during operation: NFCOperation) async throws(NFCSessionError) -> [NDEFRecordFields] {
            try await ndef("readNDEF", during: operation) { tag, settle in
                tag.readNDEF { message, error in
                    if let error {
                        settle.settle(.failure(NFCSessionError(code: Self.errorCode(error), during: operation)))
                    } else if let message {
                        settle.settle(
                            .success(
                                message.records.map {
                                    NDEFRecordFields(
                                        tnf: $0.typeNameFormat.rawValue, type: [UInt8]($0.type),
                                        id: [UInt8]($0.identifier),
                                        payload: [UInt8]($0.payload))
                                }))
                    } else {
                        settle.settle(
                            .failure(.reader(code: CoreNFCErrorCode.tagResponseError.rawValue, during: operation)))
                    }
                }
            }
        }

        static func message(_ records: [NDEFRecordFields]) -> NFCNDEFMessage {
            NFCNDEFMessage(
                records: records.map {
                    NFCNDEFPayload(
                        format: NFCTypeNameFormat(rawValue: $0.tnf) ?? .unknown, type: Data($0.type),
                        identifier: Data($0.id),
                        payload: Data($0.payload))
                })
        }

        /// The size of the NDEF message for `records`, as CoreNFC counts it (`NFCNDEFMessage.length`,
        /// the unit of the capacity `queryNDEFStatus` reports).
        static func messageLength(_ records: [NDEFRecordFields]) -> Int { message(records).length }

        /// `writeNDEF`.
        func write(_ records: [NDEFRecordFields]) async throws(NFCSessionError) {
            try await ndef("writeNDEF", during: .writing) { (tag, settle: SettleOnce<Bool, NFCSessionError>) in
                tag.writeNDEF(Self.message(records)) { error in
                    if let error {
                        settle.settle(.failure(NFCSessionError(code: Self.errorCode(error), during: .writing)))
                    } else {
                        settle.settle(.success(true))
                    }
                }
            }
        }

        /// `writeLock`: permanent.
        func writeLock() async throws(NFCSessionError) {
            try await ndef("writeLock", during: .locking) { (tag, settle: SettleOnce<Bool, NFCSessionError>) in
                tag.writeLock { error in
                    if let error {
                        settle.settle(.failure(NFCSessionError(code: Self.errorCode(error), during: .locking)))
                    } else {
                        settle.settle(.success(true))
                    }
                }
            }
        }
    }

    extension ConnectedTag: NFCAChannel {
        /// One raw Type 2 frame through `sendMiFareCommand` (iOS adds the CRC). A one-byte answer is
        /// the 4-bit ACK (`0x0A`) or NAK; anything else is the response data.
        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            let first = CommandLabel.nfcA(command.first ?? 0)
            let settle = SettleOnce<[UInt8], ChannelError>("sendMiFareCommand", defects: defects)
            if let ended = track(settle, failure: { Self.transportError($0, command: first) }) {
                throw Self.transportError(ended, command: first)
            }
            queue.async { [self] in
                guard let tag = miFareTag else {
                    settle.settle(
                        .failure(
                            .unsupported(
                                command: first, reason: "the \(technology.displayName) tag takes no MIFARE commands")))
                    return
                }
                tag.sendMiFareCommand(commandPacket: Data(command)) { data, error in
                    if let error {
                        let code = Self.errorCode(error)
                        // Error 100 right after PWD_AUTH is iOS's way of reporting the NAK.
                        if let translated = PhoneTagTransport.translated(coreNFCCode: code, command: first) {
                            settle.settle(.failure(translated))
                            return
                        }
                        settle.settle(
                            .failure(Self.transportError(NFCSessionError(code: code, during: .reading), command: first))
                        )
                        return
                    }
                    let bytes = [UInt8](data)
                    if bytes.count == 1, bytes[0] != 0x0A {
                        settle.settle(.failure(.nak(code: bytes[0] & 0x0F, command: first)))
                    } else {
                        settle.settle(.success(bytes))
                    }
                }
            }
            return try await settle.value()
        }

        /// `connect(to:)` again in the same session: the way an app asks iOS to select the tag
        /// anew after a NAK sent it to IDLE. Whether iOS re-runs activation for a tag it is already
        /// connected to is UNVERIFIED (shared/design/multi-technology.md §2.8); it is harmless if not.
        func reactivate() async throws(ChannelError) {
            let settle = SettleOnce<Bool, ChannelError>("connect(to:)", defects: defects)
            if let ended = track(settle, failure: { Self.transportError($0, command: nil) }) {
                throw Self.transportError(ended, command: nil)
            }
            queue.async { [self] in
                guard let session else {
                    settle.settle(.failure(.tagLost(command: nil)))
                    return
                }
                session.connect(to: tag) { error in
                    if let error {
                        settle.settle(
                            .failure(
                                Self.transportError(
                                    NFCSessionError(code: Self.errorCode(error), during: .reading), command: nil)))
                    } else {
                        settle.settle(.success(true))
                    }
                }
            }
            _ = try await settle.value()
        }

        static func transportError(_ error: NFCSessionError, command: CommandLabel?) -> ChannelError {
            switch error {
            case .tagLost: .tagLost(command: command)
            case .reader(let code, _): .reader(code: Int64(code), message: error.sentence)
            default: .reader(code: -1, message: error.sentence)
            }
        }
    }
#endif
