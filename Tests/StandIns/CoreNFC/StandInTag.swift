import Foundation
import TagTransport

/// A MIFARE Ultralight-family tag (NTAG21x, Ultralight) as CoreNFC presents it: `.miFare` with
/// `mifareFamily == .ultralight` (widely observed, UNVERIFIED in Apple's docs). Its radio is any
/// ``TagTransport`` — the TapCard emulator in tests — and its NDEF operations are the stand-in's
/// own NFC Forum Type 2 mapping (``StandInType2``), playing the part of what iOS does inside
/// `queryNDEFStatus` / `readNDEF` / `writeNDEF` / `writeLock`.
///
/// Not part of CoreNFC: tests create these and present them with ``NFCStandInSystem/Event/present(_:)``.
public final class StandInTag: NSObject, NFCMiFareTag, NFCISO15693Tag {
    public let mifareFamily: NFCMiFareFamily
    public let identifier: Data
    public let historicalBytes: Data? = nil

    let transport: any TagTransport
    let dynamicLockPage: Int?
    private let lock = NSLock()
    private var present = true
    private var remainingCommands: Int?
    private var sent = 0
    weak var session: NFCReaderSession?
    private var connected = false

    /// An ISO 15693 (NFC-V) tag instead of an ISO 14443-A one: seen only when the session polls
    /// `.iso15693`, presented as `NFCTag.iso15693`. The stand-in gives it no NDEF mapping (it
    /// reports `notSupported`) and no MIFARE commands.
    public let isVicinity: Bool
    /// ISO 15693 UIDs are `E0`, the IC manufacturer code, then the serial number (big endian).
    public var icManufacturerCode: Int { Int(identifier.dropFirst().first ?? 0) }
    public var icSerialNumber: Data { Data(identifier.dropFirst(2)) }

    /// An ISO 15693 tag with this 8-byte UID (no memory behind it).
    public static func vicinity(uid: [UInt8]) -> StandInTag {
        StandInTag(transport: NoRadio(), uid: uid, vicinity: true)
    }

    private final class NoRadio: TagTransport {
        func transceive(_ command: [UInt8]) async throws(TransportError) -> [UInt8] {
            throw .unsupported(command: command.first ?? 0, reason: "an ISO 15693 tag does not speak Type 2")
        }
    }

    var asNFCTag: NFCTag { isVicinity ? .iso15693(self) : .miFare(self) }

    static func from(_ tag: NFCTag) -> StandInTag? {
        if case .miFare(let any) = tag { return any as? StandInTag }
        if case .iso15693(let any) = tag { return any as? StandInTag }
        return nil
    }

    /// - Parameters:
    ///   - transport: the tag's memory and radio (an emulated tag).
    ///   - uid: the 7-byte UID the tag announces during anticollision.
    ///   - dynamicLockPage: where `writeLock()` sets the dynamic lock bits (model-specific).
    public convenience init(
        transport: any TagTransport, uid: [UInt8], family: NFCMiFareFamily = .ultralight, dynamicLockPage: Int? = nil
    ) {
        self.init(transport: transport, uid: uid, family: family, dynamicLockPage: dynamicLockPage, vicinity: false)
    }

    private init(
        transport: any TagTransport, uid: [UInt8], family: NFCMiFareFamily = .unknown, dynamicLockPage: Int? = nil,
        vicinity: Bool
    ) {
        self.isVicinity = vicinity
        self.transport = transport
        self.identifier = Data(uid)
        self.mifareFamily = family
        self.dynamicLockPage = dynamicLockPage
    }

    /// The tag leaves the field after `commands` more radio commands: the next one fails with
    /// `readerTransceiveErrorTagConnectionLost` and nothing reaches the tag.
    public func leaveField(afterCommands commands: Int) { lock.withLock { remainingCommands = commands } }
    /// Frames this tag received through CoreNFC (`sendMiFareCommand` and the NDEF operations).
    public var commandsReceived: Int { lock.withLock { sent } }

    public var isAvailable: Bool { lock.withLock { present && connected && session?.isInvalidated == false } }

    func attach(to session: NFCReaderSession) {
        lock.withLock {
            self.session = session
            connected = false
        }
    }

    func connect() -> NFCReaderError? {
        lock.withLock {
            guard present else {
                return NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost")
            }
            connected = true
            return nil
        }
    }

    func disconnect() { lock.withLock { connected = false } }

    /// Checks the session and the connection before an operation, as the framework does.
    private func ready() -> (NFCReaderSession?, NFCReaderError?) {
        let (session, isConnected, isPresent) = lock.withLock { (self.session, connected, present) }
        guard let session, session.checkTimeLimit() else {
            return (nil, NFCReaderError(.readerTransceiveErrorSessionInvalidated, message: "Session invalidated"))
        }
        guard isConnected else {
            return (session, NFCReaderError(.readerTransceiveErrorTagNotConnected, message: "Tag is not connected"))
        }
        guard isPresent else {
            return (session, NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost"))
        }
        return (session, nil)
    }

    /// Sends one frame, honouring the "leaves the field" fault and translating the transport's
    /// verdicts into what CoreNFC reports: an ACK or NAK nibble comes back as one byte of data
    /// (UNVERIFIED for NAK), a lost or silent tag as `TagConnectionLost`.
    func transceive(_ command: [UInt8]) async -> Result<[UInt8], NFCReaderError> {
        let gone = lock.withLock { () -> Bool in
            if let left = remainingCommands {
                if left <= 0 { present = false } else { remainingCommands = left - 1 }
            }
            guard present else { return true }
            sent += 1
            return false
        }
        if gone {
            return .failure(NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost"))
        }
        do {
            return .success(try await transport.transceive(command))
        } catch {
            switch error {
            case .nak(let code, _): return .success([code])
            case .tagLost, .noTag:
                lock.withLock { present = false }
                return .failure(NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost"))
            case .multipleTags:
                return .failure(NFCReaderError(.readerTransceiveErrorRetryExceeded, message: "Retry exceeded"))
            default:
                return .failure(NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Tag response error"))
            }
        }
    }

    /// Runs `work` against the tag and hands the result to `deliver` on the session queue.
    private func perform<Value>(
        _ work: @escaping (StandInTag) async -> Result<Value, NFCReaderError>,
        deliver: @escaping @Sendable (Result<Value, NFCReaderError>) -> Void
    ) {
        let (session, refusal) = ready()
        let queue = session?.sessionQueue ?? DispatchQueue.global()
        if let refusal {
            queue.async { deliver(.failure(refusal)) }
            return
        }
        let box = Unchecked((self, work))
        Task {
            let result = await box.value.1(box.value.0)
            let sendable = Unchecked(result)
            queue.async { deliver(sendable.value) }
        }
    }

    public func sendMiFareCommand(
        commandPacket command: Data, completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void
    ) {
        let bytes = [UInt8](command)
        perform({ await $0.transceive(bytes) }) { result in
            switch result {
            case .success(let response): completionHandler(Data(response), nil)
            case .failure(let error): completionHandler(Data(), error)
            }
        }
    }

    public func queryNDEFStatus(completionHandler: @escaping @Sendable (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        perform({ $0.isVicinity ? .success((.notSupported, 0)) : await StandInType2(tag: $0).status() }) { result in
            switch result {
            case .success(let (status, capacity)): completionHandler(status, capacity, nil)
            case .failure(let error): completionHandler(.notSupported, 0, error)
            }
        }
    }

    public func readNDEF(completionHandler: @escaping @Sendable (NFCNDEFMessage?, (any Error)?) -> Void) {
        perform({ await StandInType2(tag: $0).read() }) { result in
            switch result {
            case .success(let bytes): completionHandler(NFCNDEFMessage(data: Data(bytes)), nil)
            case .failure(let error): completionHandler(nil, error)
            }
        }
    }

    public func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    {
        let records = ndefMessage.records.map(StandInNDEFCodec.Record.init)
        perform({ await StandInType2(tag: $0).write(records) }) { result in
            switch result {
            case .success: completionHandler(nil)
            case .failure(let error): completionHandler(error)
            }
        }
    }

    public func writeLock(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        perform({ await StandInType2(tag: $0).lock() }) { result in
            switch result {
            case .success: completionHandler(nil)
            case .failure(let error): completionHandler(error)
            }
        }
    }
}
