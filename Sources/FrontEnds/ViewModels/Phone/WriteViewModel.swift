import CoreNFCTransport
import Foundation
import NDEF
import Observation
import Store
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The Write screen: one tap → preflight → write → verify, all under one NFC sheet, then the
/// report card. A refusal says nothing was written; a tag lost mid-write says the tag's state is
/// unknown and offers a scan.
///
/// A Type 4 tag (NTAG 424 DNA, any ISO-DEP NDEF tag) is written by TapCard's own Type 4 driver
/// over the session's ISO-DEP channel, a Type 5 tag (ISO 15693) by the Type 5 driver and a
/// FeliCa card by the Type 3 driver (`PhoneDrivers`): the CC's (or the attribute block's)
/// figures decide the refusals before anything is sent, the write order is tearing-safe, and a
/// torn write says which message the tag holds. Any other tag that needs no password is written
/// through iOS (`writeNDEF`), as is a tag no driver recognises. A password-protected one
/// (the last scan showed it, a write was refused for it, or the user says so) is written by
/// TapCard's own Type 2 write in one session: PWD_AUTH with the typed password, then raw page
/// writes and the read-back. The password is sent once per tap — a refused one is never retried
/// until the user taps again.
@MainActor
@Observable
public final class WriteViewModel {
    public internal(set) var state: ActionState<WriteReportCard> = .idle
    /// The last "Format for NDEF" (``format()``).
    public internal(set) var formatState: ActionState<FormatOutcome> = .idle
    /// True after a tag left mid-write: the screen offers "Scan the tag" to see what it holds.
    public internal(set) var suggestsScan = false

    /// True when the write presents the tag's password first (the screen's "This tag has a
    /// password" switch; turned on when the tag is known to need one).
    public var usesPassword = false
    /// The password (and PACK) as typed; never stored.
    public var password = PasswordEntry()
    /// True when the write authenticates with the tag's 16-byte key first (a MIFARE Ultralight C
    /// or Ultralight AES whose message pages its key guards); takes precedence over
    /// ``usesPassword``.
    public var usesKey = false
    /// The key as typed; never stored, never shown back.
    public var key = AuthenticationKeyEntry()
    /// Why this tag needs its key to be written (the Protect screen just guarded it, or a write
    /// was refused for it); `nil` when nothing says so.
    public private(set) var keyReason: String?
    /// Why this tag needs its password (from the last scan, or a write it refused); `nil` when
    /// nothing says so.
    public private(set) var passwordReason: String?
    /// A line under a failure that may have been about the password.
    public internal(set) var passwordNote: String?

    @ObservationIgnored let service: any TagSessionService
    @ObservationIgnored let card: MyCardViewModel
    @ObservationIgnored private let store: TapCardStore?
    @ObservationIgnored private let clock: () -> Date
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(
        service: any TagSessionService, card: MyCardViewModel, store: TapCardStore? = nil,
        clock: @escaping () -> Date = Date.init
    ) {
        self.service = service
        self.card = card
        self.store = store
        self.clock = clock
    }

    public var buttonTitle: String {
        state.isWorking ? "Writing…" : usesPassword ? "Write my card with the password" : "Write my card"
    }

    /// What will be written, in one line ("vcard, 118 bytes; Fits: …").
    public var summary: String {
        guard let message = card.message else { return card.verdict }
        return "\(card.format.recordDescription), \(message.encoded().count) bytes. \(card.verdict)"
    }

    /// Why the write button is off, or `nil` when it is on.
    public var blocker: String? {
        guard card.message != nil else { return card.verdict }
        if usesPassword, let problem = password.problem { return problem }
        return nil
    }

    public var canWrite: Bool { blocker == nil && !state.isWorking }

    /// True when the last scan showed a chip a 16-byte key may guard (``TagInfo/mayBeKeyGuarded``):
    /// the write then goes through TapCard's Type 2 driver even without a key, so a guard inside
    /// the message area refuses it whole instead of tearing the message.
    public private(set) var scannedTagMayBeKeyGuarded = false

    /// The tag the user just scanned: when writing it needs the password, the screen asks for it.
    public func tagScanned(_ info: TagInfo) {
        passwordNeeded(info.writePasswordReason)
        scannedTagMayBeKeyGuarded = info.mayBeKeyGuarded
    }

    /// Tells the screen whether the tag in hand needs its password (`reason`; `nil`: it does
    /// not), e.g. after the Protect screen changed it. The switch follows; the user can still
    /// flip it.
    public func passwordNeeded(_ reason: String?) {
        passwordReason = reason
        usesPassword = reason != nil
    }

    /// Tells the screen what the protection change `report` (from the Protect screen) means for
    /// writing: a password or a key to ask for, or none.
    public func protectionChanged(_ report: TagProtectionReport) {
        switch report {
        case .password(let report):
            passwordNeeded(Self.passwordReason(after: report))
            keyNeeded(nil)
        case .key(let report):
            keyNeeded(Self.keyReason(after: report))
        }
    }

    /// Tells the screen whether the tag in hand needs its 16-byte key to be written (`reason`;
    /// `nil`: it does not). The switch follows; the user can still flip it.
    public func keyNeeded(_ reason: String?) {
        keyReason = reason
        usesKey = reason != nil
        if reason != nil { usesPassword = false }
    }

    /// Why a key-guarded tag needs its key to be written after the change `report`: its guard
    /// starts at or before the last data page.
    public static func keyReason(after report: KeyProtectionReport) -> String? {
        guard let pages = report.after.protectedPages,
            pages.lowerBound <= (report.identification?.model?.type2Layout?.userPages.upperBound ?? pages.upperBound)
        else { return nil }
        return
            "The tag you just protected needs its \(report.cipher.name) key to be written: \(RangeWords.phrase(pages, unit: "page")) (AUTH0 \(report.after.auth0))."
    }

    /// Why a tag needs its password to be written after the protection change `report`.
    public static func passwordReason(after report: ProtectionReport) -> String? {
        guard let pages = report.after.protectedPages,
            pages.lowerBound <= (report.identification.model?.type2Layout?.userPages.upperBound ?? pages.upperBound)
        else { return nil }
        return
            "The tag you just protected needs its password to be written: \(RangeWords.phrase(pages, unit: "page")) (AUTH0 \(report.after.auth0))."
    }

    public func write() async {
        guard !state.isWorking else { return }
        guard let message = card.message else {
            state = .failed(card.verdict)
            return
        }
        // TapCard's Type 2 driver with the key or password typed, or, after a scan showed a chip a
        // key may guard, without either (it refuses a guarded write whole); else iOS's own write.
        if usesKey || usesPassword || scannedTagMayBeKeyGuarded {
            switch Type2Credentials.typed(usesKey: usesKey, key: key, usesPassword: usesPassword, password: password) {
            case .success(let credentials): await write(message, credentials)
            case .failure(let problem): state = .failed(problem.sentence)
            }
            return
        }
        state = .working
        suggestsScan = false
        passwordNote = nil
        let fields = message.records.map {
            NDEFRecordFields(tnf: $0.tnf.rawValue, type: $0.type, id: $0.id, payload: $0.payload)
        }
        do throws(TagSessionFailure<any Error>) {
            let outcome = try await service.write(fields) { connection async throws -> WriteReportCard? in
                try await PhoneDrivers.write(message, on: connection)
            }
            let report =
                switch outcome {
                case .driver(let report): report
                case .iOS(let receipt): WriteReportCard(receipt)
                }
            card.tagReported(capacity: report.receipt.reportedCapacity, model: report.model)
            state = .done(report)
            record(
                report.receipt, message: message.encoded(), chip: report.driverChip,
                capacitySource: report.capacitySource,
                pagesWritten: report.blocksWritten, modeledAirTime: report.modeledAirTime)
        } catch {
            if case .session(let session) = error {
                if case .tooBig(_, let capacity) = session { card.tagReported(capacity: capacity, model: nil) }
                // iOS's write cannot present a password; a protected page makes it fail this way.
                if session == .reader(code: CoreNFCErrorCode.tagUpdateFailure.rawValue, during: .writing) {
                    passwordNote = Self.mayBeProtectedNote
                }
            }
            fail(error)
        }
    }

    static let mayBeProtectedNote =
        "If this tag is password-protected, turn on \"This tag has a password\", enter it and write again: iOS's own write cannot present a password."

    /// TapCard's Type 2 write in one session: PWD_AUTH with the password (or AUTHENTICATE with
    /// the chip's key) when given, raw page writes, read-back.
    private func write(_ message: NDEFMessage, _ credentials: Type2Credentials) async {
        state = .working
        suggestsScan = false
        passwordNote = nil
        do throws(TagSessionFailure<any Error>) {
            let (report, answered, uid, technology) = try await service.withType2Tag(
                .writing, password: credentials.password, acknowledge: credentials.acknowledge, key: credentials.key
            ) { tag, transport in
                let report = try await tag.write(message)
                return (report, tag.receivedAcknowledge, transport.uid, transport.technology)
            }
            let receipt = WriteReceipt(
                uid: report.uid?.bytes ?? uid, messageBytes: report.messageBytes,
                reportedCapacity: report.capacity.bytes, verified: report.verified,
                version: PhoneWords.version(of: report.identification), technology: technology)
            card.tagReported(capacity: receipt.reportedCapacity, model: report.identification.model)
            state = .done(WriteReportCard(receipt, passwordAcknowledge: answered))
            record(receipt, message: message.encoded())
        } catch {
            fail(error)
        }
    }

    func fail(_ failure: TagSessionFailure<any Error>) {
        switch failure {
        case .session(let error):
            suggestsScan = error == .tagLost(during: .writing) || error == .tagLost(during: .verifying)
            state = error.isCancellation ? .idle : .failed(error.sentence)
            onFailure?(error)
        case .operation(let error):
            let sentence = PhoneWords.sentence(for: error)
            // Whatever the tag type, a message too big tells the card the capacity the tag holds.
            if let capacity = (error as? any MessageTooBigRefusal)?.capacityWhenTooBig {
                card.tagReported(capacity: capacity, model: nil)
            }
            switch error {
            case let preflight as WritePreflightError:
                if case .passwordRequired = preflight { passwordNeeded(sentence) }
            case let refusal as KeyProtectionError:
                if case .keyRequiredForPages = refusal { keyNeeded(sentence) }
            case let refusal as PasswordError:
                if case .rejected = refusal { passwordNote = PasswordEntry.phoneRefusalNote }
            case is TagWriteError:
                suggestsScan = true
            default:
                break
            }
            state = .failed(sentence)
        }
    }

    public private(set) var storeProblem: String?

    /// Records the write in the store; `chip` names the tag when one of TapCard's drivers
    /// identified it, which also gives the blocks written and the modeled air time.
    private func record(
        _ receipt: WriteReceipt, message: [UInt8], chip: String? = nil, capacitySource: CapacitySource = .reported,
        pagesWritten: Int = 0, modeledAirTime: Double? = nil
    ) {
        guard let store else { return }
        let key = TagKey(
            uid: receipt.uid,
            chip: chip ?? TagInfo.chipName(version: receipt.version, technology: receipt.technology))
        let capacity = CapacityRecord(
            bytes: receipt.reportedCapacity, source: capacitySource == .reported ? .reported : .assumed)
        do {
            try store.recordTagSeen(key, capacity: capacity, at: clock())
            _ = try store.recordWrite(
                WriteRecord(
                    tag: key, message: message, capacity: capacity, verified: receipt.verified,
                    pagesWritten: pagesWritten, modeledAirTime: modeledAirTime, at: clock()))
            storeProblem = nil
        } catch {
            storeProblem = error.sentence
        }
    }
}
