import Foundation
import TagFrames
import TagTransport

/// A MIFARE tag as CoreNFC presents it: `.miFare`, by default with `mifareFamily == .ultralight`
/// (NTAG21x, Ultralight; widely observed, UNVERIFIED in Apple's docs). Its radio is any
/// ``/TagTransport/NFCAChannel`` — the TapCard emulator in tests — and its NDEF operations are the
/// stand-in's own NFC Forum Type 2 mapping (``StandInType2``), playing the part of what iOS does
/// inside `queryNDEFStatus` / `readNDEF` / `writeNDEF` / `writeLock`.
///
/// A DESFire- or Plus-family tag built with ``init(isoDep:uid:family:)`` answers
/// `sendMiFareISO7816Command` through its ISO-DEP channel, and its NDEF operations are the
/// stand-in's Type 4 mapping (``StandInType4``) instead: the `.miFare(.desfire)` path by which an
/// ISO 14443-4 tag may reach an app (type4-type5-ntag424.md §4.1; which case a given chip lands in
/// is UNVERIFIED).
///
/// Not part of CoreNFC: tests create these and present them with ``NFCStandInSystem/Event/present(_:)``.
public final class StandInTag: StandInTagBase, NFCMiFareTag {
    public let mifareFamily: NFCMiFareFamily
    public let identifier: Data
    public let historicalBytes: Data? = nil

    let transport: any NFCAChannel
    /// The APDU path of a DESFire or Plus tag (`sendMiFareISO7816Command`).
    let isoDep: (any ISODepChannel)?
    let dynamicLockPage: Int?
    /// The tag accepted PWD_AUTH in the current connection (see ``writeNDEF(_:completionHandler:)``).
    private var authenticatedInConnection = false

    private final class NoRadio: NFCAChannel {
        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            throw .unsupported(command: .nfcA(command.first ?? 0), reason: "this stand-in tag has no NFC-A frames")
        }
        func reactivate() async throws(ChannelError) {}
    }

    override var asNFCTag: NFCTag? { .miFare(self) }

    /// - Parameters:
    ///   - transport: the tag's memory and radio (an emulated tag).
    ///   - uid: the 7-byte UID the tag announces during anticollision.
    ///   - dynamicLockPage: where `writeLock()` sets the dynamic lock bits (model-specific).
    public convenience init(
        transport: any NFCAChannel, uid: [UInt8], family: NFCMiFareFamily = .ultralight, dynamicLockPage: Int? = nil
    ) {
        self.init(transport: transport, uid: uid, family: family, dynamicLockPage: dynamicLockPage, isoDep: nil)
    }

    /// A DESFire- or Plus-family tag whose APDUs go to `isoDep` (an emulated Type 4 chip). On a
    /// DESFire, `sendMiFareCommand` takes native DESFire frames (``StandInDESFireNativeRadio``);
    /// on a Plus the stand-in refuses raw frames (it has no NFC-A view of that chip).
    public convenience init(isoDep: any ISODepChannel, uid: [UInt8], family: NFCMiFareFamily = .desfire) {
        let radio: any NFCAChannel = family == .desfire ? StandInDESFireNativeRadio(isoDep: isoDep) : NoRadio()
        self.init(transport: radio, uid: uid, family: family, dynamicLockPage: nil, isoDep: isoDep)
    }

    private init(
        transport: any NFCAChannel, uid: [UInt8], family: NFCMiFareFamily, dynamicLockPage: Int?,
        isoDep: (any ISODepChannel)?
    ) {
        self.transport = transport
        self.isoDep = isoDep
        self.identifier = Data(uid)
        self.mifareFamily = family
        self.dynamicLockPage = dynamicLockPage
        super.init()
    }

    override func connectionDidReset() { authenticatedInConnection = false }

    /// The Type 4 path applies: a DESFire or Plus tag with an ISO-DEP channel.
    private var speaksISO7816: Bool { isoDep != nil && (mifareFamily == .desfire || mifareFamily == .plus) }

    /// Sends one frame, honouring the "leaves the field" fault and translating the transport's
    /// verdicts into what CoreNFC reports: an ACK or NAK nibble comes back as one byte of data
    /// (UNVERIFIED for NAK), a lost or silent tag as `TagConnectionLost` — except a NAK to
    /// PWD_AUTH, which iOS reports as a lost connection (see ``passwordRefused()``).
    func transceive(_ command: [UInt8]) async -> Result<[UInt8], NFCReaderError> {
        if let gone = admitCommand() { return .failure(gone) }
        let isPasswordAuth = command.first == Self.passwordAuthCode
        do {
            let answer = try await transport.transceive(command)
            if isPasswordAuth { lock.withLock { authenticatedInConnection = true } }
            return .success(answer)
        } catch {
            switch error {
            case .nak where isPasswordAuth: return .failure(passwordRefused())
            case .nak(let code, _): return .success([code])
            default: return .failure(coreNFCError(for: error))
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
        perform({ [self] in await work(self) }, deliver: deliver)
    }

    /// The stand-in's Type 4 mapping over this tag's `sendMiFareISO7816Command` path.
    private var type4: StandInType4? {
        guard speaksISO7816, let isoDep else { return nil }
        return StandInType4 { [self] command in await transmit(command, over: isoDep) }
    }

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

    /// Only a DESFire or Plus tag takes APDUs ("Only available when mifareFamily returns
    /// NFCMiFarePlus, NFCMiFareDESFire"); any other fails with `readerErrorUnsupportedFeature`
    /// (which code iOS gives is UNVERIFIED).
    public func sendMiFareISO7816Command(
        _ apdu: NFCISO7816APDU, completionHandler: @escaping @Sendable (Data, UInt8, UInt8, (any Error)?) -> Void
    ) {
        guard speaksISO7816, let isoDep else {
            refuse(NFCReaderError(.readerErrorUnsupportedFeature, message: "Feature not supported")) {
                completionHandler(Data(), 0, 0, $0)
            }
            return
        }
        send(apdu, over: isoDep, completionHandler: completionHandler)
    }

    public func queryNDEFStatus(completionHandler: @escaping @Sendable (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        perform({
            if let type4 = $0.type4 { return await type4.status() }
            return await StandInType2(tag: $0).status()
        }) { result in
            switch result {
            case .success(let (status, capacity)): completionHandler(status, capacity, nil)
            case .failure(let error): completionHandler(.notSupported, 0, error)
            }
        }
    }

    public func readNDEF(completionHandler: @escaping @Sendable (NFCNDEFMessage?, (any Error)?) -> Void) {
        perform({ tag in
            if let type4 = tag.type4 { return await type4.read() }
            return await StandInType2(tag: tag).read()
        }) { result in
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
            if let type4 = tag.type4 { return await type4.write(records) }
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
        perform({ tag in
            if let type4 = tag.type4 { return type4.lock() }
            return await StandInType2(tag: tag).lock()
        }) { result in
            switch result {
            case .success: completionHandler(nil)
            case .failure(let error): completionHandler(error)
            }
        }
    }
}
