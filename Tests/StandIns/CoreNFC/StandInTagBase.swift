import Foundation
import TagFrames
import TagTransport

/// What every stand-in tag shares, whichever `NFCTag` case it is presented as: being in the field
/// (and leaving it after a number of commands), its connection to one session, and the CoreNFC
/// errors its operations reported. One subclass per `NFCTag` case (design/multi-technology.md
/// §2.8): ``StandInTag`` (`.miFare`), ``StandInISO7816Tag`` (`.iso7816`), ``StandInISO15693Tag``
/// (`.iso15693`) and ``StandInFeliCaTag`` (`.feliCa`).
///
/// Not part of CoreNFC: tests create the subclasses and present them with
/// ``NFCStandInSystem/Event/present(_:)``.
public class StandInTagBase: NSObject {
    /// Guards the state below, and the subclasses' own connection state.
    let lock = NSLock()
    var present = true
    private var remainingCommands: Int?
    private var sent = 0
    weak var session: NFCReaderSession?
    var connected = false
    /// The connection broke although the tag never left the field (iOS's answer to a NAKed
    /// PWD_AUTH): the tag is gone until a new session detects it again.
    var connectionDropped = false
    private var reported: [NFCReaderError.Code] = []

    override init() { super.init() }

    /// The tag leaves the field after `commands` more radio commands sent through CoreNFC: the next
    /// one fails with `readerTransceiveErrorTagConnectionLost` and nothing reaches the tag.
    public func leaveField(afterCommands commands: Int) { lock.withLock { remainingCommands = commands } }
    /// Commands this tag received through CoreNFC (the app's own and those of the NDEF operations).
    public var commandsReceived: Int { lock.withLock { sent } }
    /// Every CoreNFC error code this tag's operations handed to their completion handlers, in order.
    public var errorsReported: [NFCReaderError.Code] { lock.withLock { reported } }

    public var isAvailable: Bool {
        lock.withLock { present && !connectionDropped && connected && session?.isInvalidated == false }
    }

    // MARK: Presentation (overridden per `NFCTag` case)

    /// How `NFCTagReaderSession` hands this tag to its delegate.
    var asNFCTag: NFCTag? { nil }
    /// The polling option under which a session sees this tag.
    var pollingTechnology: NFCTagReaderSession.PollingOption { .iso14443 }
    /// True when the system must talk to the tag before it may deliver it (``discover(in:)``).
    var needsDiscovery: Bool { false }

    /// What the system does with the tag between finding it and `didDetect`, with the app's
    /// Info.plist lists in `system`; `false`: the tag is not delivered. ``StandInISO7816Tag``
    /// SELECTs the AIDs, ``StandInFeliCaTag`` polls the system codes.
    func discover(in system: NFCStandInSystem) async -> Bool { true }

    /// The subclass's own per-connection state is reset (a new detection, or a connection after
    /// a disconnection). Called with ``lock`` held.
    func connectionDidReset() {}

    static func from(_ tag: NFCTag) -> StandInTagBase? {
        if case .miFare(let any) = tag { return any as? StandInTagBase }
        if case .iso15693(let any) = tag { return any as? StandInTagBase }
        if case .iso7816(let any) = tag { return any as? StandInTagBase }
        if case .feliCa(let any) = tag { return any as? StandInTagBase }
        if case .feliCa(let any) = tag { return any as? StandInTagBase }
        return nil
    }

    // MARK: Connection

    /// A new detection (a session, or polling again): whatever broke the last connection is over.
    func attach(to session: NFCReaderSession) {
        lock.withLock {
            self.session = session
            connected = false
            connectionDropped = false
            connectionDidReset()
        }
    }

    func connect() -> NFCReaderError? {
        lock.withLock {
            guard present && !connectionDropped else {
                return NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost")
            }
            if !connected { connectionDidReset() }
            connected = true
            return nil
        }
    }

    func disconnect() {
        lock.withLock {
            connected = false
            connectionDidReset()
        }
    }

    /// Checks the session and the connection before an operation, as the framework does.
    func ready() -> (NFCReaderSession?, NFCReaderError?) {
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

    /// Counts one command about to be sent, honouring ``leaveField(afterCommands:)``; the error
    /// when the tag is no longer there to receive it.
    func admitCommand() -> NFCReaderError? {
        let gone = lock.withLock { () -> Bool in
            if let left = remainingCommands {
                if left <= 0 { present = false } else { remainingCommands = left - 1 }
            }
            guard present && !connectionDropped else { return true }
            sent += 1
            return false
        }
        return gone ? NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost") : nil
    }

    /// The tag went away under a command.
    func markGone() { lock.withLock { present = false } }

    /// What CoreNFC reports for a radio failure the channel underneath reported: a lost or
    /// silent tag is `TagConnectionLost` (100), several tags `RetryExceeded` (101), anything else
    /// `TagResponseError` (102), a timeout included (which code iOS gives a timeout is UNVERIFIED).
    func coreNFCError(for error: ChannelError) -> NFCReaderError {
        switch error {
        case .tagLost, .noTag:
            markGone()
            return NFCReaderError(.readerTransceiveErrorTagConnectionLost, message: "Tag connection lost")
        case .multipleTags:
            return NFCReaderError(.readerTransceiveErrorRetryExceeded, message: "Retry exceeded")
        default:
            return NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Tag response error")
        }
    }

    /// One APDU through `channel`, with the field fault and CoreNFC's error codes: the status word
    /// is data, only a carrier failure is an error.
    func transmit(_ command: CommandAPDU, over channel: any ISODepChannel) async -> Result<
        ResponseAPDU, NFCReaderError
    > {
        if let gone = admitCommand() { return .failure(gone) }
        do {
            return .success(try await channel.transmit(command))
        } catch {
            return .failure(coreNFCError(for: error))
        }
    }

    /// Runs `work` and hands the result to `deliver` on the session queue, after the framework's
    /// checks (session alive, tag connected and present); failures are noted in ``errorsReported``.
    func perform<Value>(
        _ work: @escaping () async -> Result<Value, NFCReaderError>,
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
            let result = await box.value.1()
            if case .failure(let error) = result { box.value.0.note(error) }
            let sendable = Unchecked(result)
            queue.async { deliver(sendable.value) }
        }
    }

    /// One app APDU (`sendCommand(apdu:)`, `sendMiFareISO7816Command`): checked as the framework
    /// would, sent through `channel`, answered with the response data and the status word. When
    /// `allowedAIDs` is given, a SELECT by DF name (`INS A4`, `P1 04`) of any other AID fails with
    /// `readerErrorSecurityViolation` before it reaches the tag (`NFCISO7816Tag.h`: "Selecting an
    /// application outside of the permissible list will result in a NFCReaderErrorSecurityViolation
    /// error"). On failure the status bytes are `00 00` (what iOS puts there is UNVERIFIED).
    func send(
        _ apdu: NFCISO7816APDU, over channel: any ISODepChannel, allowedAIDs: [String]? = nil,
        completionHandler: @escaping @Sendable (Data, UInt8, UInt8, (any Error)?) -> Void
    ) {
        let command: CommandAPDU
        switch Self.command(from: apdu) {
        case .success(let built): command = built
        case .failure(let refusal):
            refuse(refusal) { completionHandler(Data(), 0, 0, $0) }
            return
        }
        if let allowedAIDs, command.ins == 0xA4, command.p1 == 0x04 {
            let aid = command.data.map { String(format: "%02X", $0) }.joined()
            guard allowedAIDs.contains(where: { $0.uppercased() == aid }) else {
                refuse(NFCReaderError(.readerErrorSecurityViolation, message: "Security violation")) {
                    completionHandler(Data(), 0, 0, $0)
                }
                return
            }
        }
        let box = Unchecked(channel)
        perform({ [self] in await transmit(command, over: box.value) }) { result in
            switch result {
            case .success(let response):
                completionHandler(Data(response.data), response.status.sw1, response.status.sw2, nil)
            case .failure(let error): completionHandler(Data(), 0, 0, error)
            }
        }
    }

    /// Fails an operation before anything is sent, on the session queue.
    func refuse(_ error: NFCReaderError, _ deliver: @escaping @Sendable (NFCReaderError) -> Void) {
        note(error)
        let queue = lock.withLock { session?.sessionQueue } ?? DispatchQueue.global()
        queue.async { deliver(error) }
    }

    /// The APDU as the channel takes it; the header's ranges checked (Le 1…65536 or -1, Lc up to
    /// 65535), `readerErrorInvalidParameterLength` outside them (the code is UNVERIFIED).
    static func command(from apdu: NFCISO7816APDU) -> Result<CommandAPDU, NFCReaderError> {
        let data = [UInt8](apdu.data ?? Data())
        let le = apdu.expectedResponseLength
        guard data.count <= 65535, le == -1 || (1...65536).contains(le) else {
            return .failure(NFCReaderError(.readerErrorInvalidParameterLength, message: "Invalid parameter length"))
        }
        return .success(
            CommandAPDU(
                cla: apdu.instructionClass, ins: apdu.instructionCode, p1: apdu.p1Parameter, p2: apdu.p2Parameter,
                data: data, le: le == -1 ? nil : le))
    }

    func note(_ error: NFCReaderError) { lock.withLock { reported.append(error.code) } }
}
