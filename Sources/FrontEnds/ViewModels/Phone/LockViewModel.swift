import CoreNFCTransport
import Foundation
import Observation
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The Lock screen. Locking is permanent, so it needs a scanned tag and a typed confirmation
/// naming that tag ("LOCK" and the last two UID bytes); the session then refuses any other tag.
///
/// A chip with password protection (NTAG21x, Ultralight EV1: the scan read its configuration) is
/// locked by TapCard's own Type 2 lock in one session — PWD_AUTH first when a password is typed,
/// then the lock plan's raw page writes, every page checked writable before the
/// one-time-programmable CC is touched (a lock completes or never starts) and CFGLCK set last, so
/// nobody can put a password on the locked tag later. Without the password a protected tag is
/// refused before anything is written, and the screen asks for it. A Type 4 tag (ISO-DEP) is
/// handed to TapCard's own Type 4 driver: an NTAG 424 DNA is locked with its factory key 0 and
/// read back; any other Type 4 tag gets the driver's sentence saying why it cannot be locked. A
/// Type 5 tag (ISO 15693) goes to the Type 5 driver: the CC's write access read-only, then LOCK
/// BLOCK of the NDEF TLV's blocks and the CC block; a FeliCa Lite-S to the Type 3 driver: the RW
/// flag 00, then the MC locked for good. What a driver did is ``driverReport``, in its type's own
/// words ``reportLines``. Every other tag is locked through iOS (`writeLock`), which can neither
/// present a password nor set CFGLCK.
@MainActor
@Observable
public final class LockViewModel {
    public private(set) var state: ActionState<LockReceipt> = .idle
    /// The tag to lock, from the last scan.
    public private(set) var target: TagInfo?
    /// What the user typed.
    public var typedConfirmation = ""
    /// True when the lock presents the tag's password first.
    public var usesPassword = false
    /// The password (and PACK) as typed; never stored.
    public var password = PasswordEntry()
    /// Why this tag needs its password to be locked; `nil` when nothing says so.
    public private(set) var passwordReason: String?
    /// True when the lock authenticates with the tag's 16-byte key first (a MIFARE Ultralight C or
    /// Ultralight AES whose key guards its lock pages); takes precedence over ``usesPassword``.
    public var usesKey = false
    /// The key as typed; never stored, never shown back.
    public var key = AuthenticationKeyEntry()
    /// Why this tag needs its key to be locked; `nil` when nothing says so.
    public private(set) var keyReason: String?
    /// The tag the Protect screen last guarded with a key where that guard reaches the lock's
    /// pages: a scan cannot read a key chip's guard without the key, so a scan of this tag keeps
    /// asking for it.
    private var keyGuardedUID: [UInt8]?
    /// A line under a failure that may have been about the password.
    public private(set) var passwordNote: String?

    @ObservationIgnored private let service: any TagSessionService
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService) {
        self.service = service
    }

    /// Chooses the tag to lock (from a scan) and clears any earlier confirmation; a tag whose
    /// scan shows it protected makes the screen ask for its password.
    public func select(_ info: TagInfo?) {
        target = info
        driverReport = nil
        typedConfirmation = ""
        state = .idle
        passwordNote = nil
        passwordReason = info?.lockPasswordReason
        usesPassword = passwordReason != nil
        password = PasswordEntry()
        key = AuthenticationKeyEntry()
        if info == nil || info?.reading.uid != keyGuardedUID {
            keyReason = nil
            usesKey = false
        } else {
            usesKey = keyReason != nil
            if usesKey { usesPassword = false }
        }
    }

    public static let warning =
        "Locking is permanent: the tag becomes read-only and nobody, including you, can change or erase it again."

    /// Tells the screen whether the tag in hand needs its password to be locked (`reason`;
    /// `nil`: it does not), e.g. after the Protect screen changed it.
    public func passwordNeeded(_ reason: String?) {
        passwordReason = reason
        usesPassword = reason != nil
    }

    /// Tells the screen what the protection change `report` (from the Protect screen) means for
    /// locking: a password or a key to ask for, or none.
    public func protectionChanged(_ report: TagProtectionReport) {
        switch report {
        case .password(let report):
            passwordNeeded(Self.passwordReason(after: report))
            keyGuardedUID = nil
            keyNeeded(nil)
        case .key(let report):
            let reason = Self.keyReason(after: report)
            keyGuardedUID = reason == nil ? nil : report.uid?.bytes
            keyNeeded(reason)
        }
    }

    /// Tells the screen whether the tag in hand needs its 16-byte key to be locked (`reason`;
    /// `nil`: it does not).
    public func keyNeeded(_ reason: String?) {
        keyReason = reason
        usesKey = reason != nil
        if reason != nil { usesPassword = false }
    }

    /// Why a key-guarded tag needs its key to be locked after the change `report`: a lock writes
    /// the CC (page 3) and the chip's dynamic lock page (`Type2LockPlan`), so a guard covering
    /// either needs the key (page 2, the static lock bytes, lies below any AUTH0).
    public static func keyReason(after report: KeyProtectionReport) -> String? {
        guard let pages = report.after.protectedPages else { return nil }
        let lockPages = [3] + (report.identification?.model.flatMap(DynamicLockMap.of).map { [$0.page] } ?? [])
        guard lockPages.contains(where: pages.contains) else { return nil }
        return
            "The tag you just protected needs its \(report.cipher.name) key to be locked (AUTH0 \(report.after.auth0) guards pages the lock writes)."
    }

    /// Why a tag needs its password to be locked after the protection change `report`.
    public static func passwordReason(after report: ProtectionReport) -> String? {
        guard report.after.isProtected, report.after.auth0 <= report.after.scheme.accessPage else { return nil }
        return
            "The tag you just protected needs its password to be locked (AUTH0 \(report.after.auth0) protects its lock pages)."
    }

    /// The words to type, naming the tag: "LOCK 5E80".
    public var requiredPhrase: String? {
        guard let uid = target?.reading.uid, !uid.isEmpty else { return nil }
        return "LOCK " + Hex.encode(uid.suffix(2), uppercase: true)
    }

    /// Why the lock button is not offered, or `nil` when it is.
    public var blocker: String? {
        guard let target else { return "Scan the tag you want to lock first." }
        switch target.reading.access {
        case .readOnly: return "This tag is already read-only."
        case .notFormatted: return "This tag is not NDEF formatted; there is nothing to lock."
        case .readWrite: break
        }
        guard requiredPhrase != nil else { return "This tag has no UID to confirm against." }
        return nil
    }

    public var isConfirmed: Bool {
        guard let requiredPhrase else { return false }
        return typedConfirmation.trimmingCharacters(in: .whitespaces).uppercased() == requiredPhrase
    }

    /// What still keeps the lock button off once the tag is confirmed: a missing or malformed
    /// password or key when one is needed.
    public var passwordProblem: String? {
        if usesKey { return key.problem }
        return usesPassword ? password.problem : nil
    }

    public var canLock: Bool { blocker == nil && isConfirmed && passwordProblem == nil && !state.isWorking }

    public func lock() async {
        guard canLock, let uid = target?.reading.uid else { return }
        state = .working
        driverReport = nil
        passwordNote = nil
        // A chip a 16-byte key can guard (Ultralight C, Ultralight AES) is locked by TapCard's
        // Type 2 driver, with or without the key: it checks every page the lock writes against
        // the guard before the first one, so a guarded lock page refuses the lock whole. iOS's
        // own writeLock would write what the guard lets through and stop, half-done.
        if usesKey || target?.mayBeKeyGuarded == true {
            await lock(uid, password: nil, acknowledge: nil, key: usesKey ? key.key : nil)
            return
        }
        if usesPassword || target?.reading.protection != .notApplicable {
            await lock(
                uid, password: usesPassword ? password.password : nil,
                acknowledge: usesPassword ? password.acknowledge : nil)
            return
        }
        do throws(TagSessionFailure<any Error>) {
            let outcome = try await service.lock(expectedUID: uid) { connection async throws -> TagManagementOutcome? in
                try await PhoneDrivers.lock(connection)
            }
            switch outcome {
            case .driver(let report):
                driverReport = report
                state = .done(
                    LockReceipt(uid: report.facts.uid ?? uid, accessAfter: report.verified ? .readOnly : .readWrite))
            case .iOS(let receipt):
                state = .done(receipt)
            }
            typedConfirmation = ""
        } catch {
            fail(error)
        }
    }

    /// What one of TapCard's drivers did and read back, when it locked the tag; `nil` otherwise.
    public private(set) var driverReport: TagManagementOutcome?

    /// The lines under "Locked": the steps sent, which of them is permanent, and what the
    /// read-back verified, as the driver's type words them
    /// (``/TagWorkflows/TagManagementOutcome/summaryLines(uid:)``), or the access the tag reported
    /// afterwards.
    public var reportLines: [String] {
        guard let receipt = state.outcome else { return [] }
        if let lines = driverReport?.summaryLines(uid: receipt.uid) { return lines }
        return [
            receipt.accessAfter == .readOnly
                ? "Locked: the tag now reports read-only." : "The tag did not report read-only."
        ]
    }

    private func fail(_ error: TagSessionFailure<any Error>) {
        switch error {
        case .session(let session):
            state = session.isCancellation ? .idle : .failed(session.sentence)
            onFailure?(session)
        case .operation(let failure):
            let sentence = PhoneWords.sentence(for: failure)
            if case .passwordRequired? = failure as? WritePreflightError {
                passwordReason = sentence
                usesPassword = true
            }
            if case .rejected? = failure as? PasswordError { passwordNote = PasswordEntry.phoneRefusalNote }
            if case .keyRequiredForPages? = failure as? KeyProtectionError { keyNeeded(sentence) }
            state = .failed(sentence)
        }
    }

    /// TapCard's Type 2 lock in one session (after PWD_AUTH when `password` is given, after
    /// AUTHENTICATE when `key` is); any other tag is refused before anything is sent to it.
    private func lock(
        _ uid: [UInt8], password: Type2Password?, acknowledge: PasswordAcknowledge?,
        key: Type2AuthenticationKey? = nil
    ) async {
        do throws(TagSessionFailure<any Error>) {
            let after = try await service.withType2Tag(
                .locking, password: password, acknowledge: acknowledge, key: key
            ) { tag, transport in
                guard transport.uid == uid else {
                    throw NFCSessionError.differentTag(expected: uid, found: transport.uid)
                }
                return try await tag.lock(confirmation: .permanent).after.status
            }
            state = .done(LockReceipt(uid: uid, accessAfter: after == .readOnly ? .readOnly : .readWrite))
            typedConfirmation = ""
            if key != nil { self.key = AuthenticationKeyEntry() }
        } catch {
            fail(error)
        }
    }
}
