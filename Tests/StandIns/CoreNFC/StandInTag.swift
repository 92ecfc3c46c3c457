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

    let transport: any NFCAChannel
    let dynamicLockPage: Int?
    private let lock = NSLock()
    private var present = true
    private var remainingCommands: Int?
    private var sent = 0
    weak var session: NFCReaderSession?
    private var connected = false
    /// The connection broke (iOS's answer to a NAKed PWD_AUTH): the tag is gone until a new
    /// session detects it again, although it never left the field.
    private var connectionDropped = false
    /// The tag accepted PWD_AUTH in the current connection (see ``writeNDEF(_:completionHandler:)``).
    private var authenticatedInConnection = false
    private var reported: [NFCReaderError.Code] = []

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

    private final class NoRadio: NFCAChannel {
        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            throw .unsupported(command: .nfcA(command.first ?? 0), reason: "an ISO 15693 tag does not speak Type 2")
        }
        func reactivate() async throws(ChannelError) {}
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
        transport: any NFCAChannel, uid: [UInt8], family: NFCMiFareFamily = .ultralight, dynamicLockPage: Int? = nil
    ) {
        self.init(transport: transport, uid: uid, family: family, dynamicLockPage: dynamicLockPage, vicinity: false)
    }

    private init(
        transport: any NFCAChannel, uid: [UInt8], family: NFCMiFareFamily = .unknown, dynamicLockPage: Int? = nil,
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
    /// Every CoreNFC error code this tag's operations handed to their completion handlers, in
    /// order (`100` after a NAKed PWD_AUTH, `401` for `writeNDEF` after a PWD_AUTH…).
    public var errorsReported: [NFCReaderError.Code] { lock.withLock { reported } }

    public var isAvailable: Bool {
        lock.withLock { present && !connectionDropped && connected && session?.isInvalidated == false }
    }

    /// A new detection (a session, or polling again): whatever broke the last connection is over.
    func attach(to session: NFCReaderSession) {
        lock.withLock {
            self.session = session
            connected = false
            connectionDropped = false
            authenticatedInConnection = false
        }
    }

    func connect() -> NFCReaderError? {
        lock.withLock {
            guard present && !connectionDropped else {
                return NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost")
            }
            if !connected { authenticatedInConnection = false }
            connected = true
            return nil
        }
    }

    func disconnect() {
        lock.withLock {
            connected = false
            authenticatedInConnection = false
        }
    }

    /// Checks the session and the connection before an operation, as the framework does.
    private func ready() -> (NFCReaderSession?, NFCReaderError?) {
        let (session, isConnected, isPresent) = lock.withLock {
            (self.session, connected, present && !connectionDropped)
        }
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
    /// (UNVERIFIED for NAK), a lost or silent tag as `TagConnectionLost` — except a NAK to
    /// PWD_AUTH, which iOS reports as a lost connection (see ``passwordRefused()``).
    func transceive(_ command: [UInt8]) async -> Result<[UInt8], NFCReaderError> {
        let gone = lock.withLock { () -> Bool in
            if let left = remainingCommands {
                if left <= 0 { present = false } else { remainingCommands = left - 1 }
            }
            guard present && !connectionDropped else { return true }
            sent += 1
            return false
        }
        if gone {
            return .failure(NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost"))
        }
        let isPasswordAuth = command.first == Self.passwordAuthCode
        do {
            let answer = try await transport.transceive(command)
            if isPasswordAuth { lock.withLock { authenticatedInConnection = true } }
            return .success(answer)
        } catch {
            switch error {
            case .nak where isPasswordAuth: return .failure(passwordRefused())
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

    /// PWD_AUTH (NTAG21x / Ultralight EV1 command 1Bh).
    static let passwordAuthCode: UInt8 = 0x1B

    /// What iOS does when the tag NAKs PWD_AUTH (a wrong password, or NAK 4h once AUTHLIM is used
    /// up): the NAK nibble never reaches the app; `sendMiFareCommand` fails with
    /// `readerTransceiveErrorTagConnectionLost` (100, corenfc-api.md §1.11), "Tag connection lost"
    /// — users-asks.md §1: "iOS authentication fails with a misleading "Tag connection lost"
    /// (revtel/react-native-nfc-manager#537). A NAK shows up on iOS as a dropped connection."
    ///
    /// Afterwards the tag is gone for that session: every later command and `connect(to:)` fail
    /// with 100 too, and `isAvailable` is false, until a new session (or `restartPolling()`, after
    /// which "Tags that are returned previously … will become invalid", corenfc-api.md §1.2/§1.3)
    /// detects it again. The reference documents no reconnection within the connection, and the
    /// chip itself returned to IDLE with the NAK (the emulator models that; ntag21x-type2.md),
    /// so a dropped connection that stays dropped is the model; how long iOS keeps it dropped is
    /// UNVERIFIED.
    private func passwordRefused() -> NFCReaderError {
        lock.withLock {
            connectionDropped = true
            authenticatedInConnection = false
        }
        return NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost")
    }

    /// Runs `work` against the tag and hands the result to `deliver` on the session queue.
    private func perform<Value>(
        _ work: @escaping (StandInTag) async -> Result<Value, NFCReaderError>,
        deliver: @escaping @Sendable (Result<Value, NFCReaderError>) -> Void
    ) {
        let (session, refusal) = ready()
        let queue = session?.sessionQueue ?? DispatchQueue.global()
        if let refusal {
            note(refusal)
            queue.async { deliver(.failure(refusal)) }
            return
        }
        let box = Unchecked((self, work))
        Task {
            let result = await box.value.1(box.value.0)
            if case .failure(let error) = result { box.value.0.note(error) }
            let sendable = Unchecked(result)
            queue.async { deliver(sendable.value) }
        }
    }

    private func note(_ error: NFCReaderError) { lock.withLock { reported.append(error.code) } }

    /// `writeNDEF` after the tag accepted PWD_AUTH in the same connection: iOS fails it with a
    /// "Stack Error" (users-asks.md §1: the user authenticates with `sendMiFareCommand([0x1B,
    /// pwd…])`, PACK matches, "but `writeNDEF` then returns "Stack Error"", Apple forum post by
    /// lyonlui). The code: users-asks.md §2 lists 102, 104 and 401 under "Stack Error", and 401 is
    /// the NDEF update failure (`ndefReaderSessionErrorTagUpdateFailure`, corenfc-api.md §1.11) —
    /// the code a public report of exactly this sequence got ("NFC Send Mifare command and NDEF in
    /// same session NFCCore", Stack Overflow). iOS's NDEF stack re-activates the tag, which drops
    /// the authentication (as Android's `Ndef.connect()` does, users-asks.md §1), so its writes
    /// to protected pages fail. Modelled as failing before any frame is sent, so the tag is left
    /// as it was; whether iOS sends some frames first is UNVERIFIED. TapCard's adapter therefore
    /// never calls `writeNDEF` after PWD_AUTH: it writes raw pages (A2) in the same connection.
    static let ndefWriteAfterAuthentication = NFCReaderError(
        .ndefReaderSessionErrorTagUpdateFailure, message: "Stack Error")

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
        perform({ (tag: StandInTag) async -> Result<Void, NFCReaderError> in
            guard !tag.lock.withLock({ tag.authenticatedInConnection }) else {
                return .failure(Self.ndefWriteAfterAuthentication)
            }
            return await StandInType2(tag: tag).write(records)
        }) { result in
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
