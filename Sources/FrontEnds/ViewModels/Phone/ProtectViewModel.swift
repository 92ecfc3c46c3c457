import CoreNFCTransport
import Foundation
import Observation
import TagWorkflows
import TapCardSupport
import Type2

/// The Protect screen: put a password on an NTAG21x or Ultralight EV1, change it, or remove it.
///
/// Everything runs as TapCard's own Type 2 work in one session (`withType2Tag(_:password:acknowledge:key:_:)`):
/// PWD_AUTH with the current password when the tag already has one, then the tearing-safe
/// protection plan — PWD, PACK and ACCESS first, AUTH0 last as the switch (turned off first when
/// the password changes) — then CFG0/CFG1 read back and the new password presented. An
/// interruption names every state the tag may be in; none of them is "protected by bytes nobody
/// knows". The passwords are typed each time and never stored.
@MainActor
@Observable
public final class ProtectViewModel {
    public private(set) var state: ActionState<ProtectionOutcome> = .idle

    /// The new password and PACK (PACK left empty: the factory 00 00).
    public var newPassword = PasswordEntry()
    /// AUTH0, the first page that needs the password (by default the first data page).
    public var firstPageText = String(ProtectionRequest.defaultFirstPage)
    /// PROT: reads from that page on need the password too.
    public var protectsReads = false
    /// Wrong passwords allowed before the tag locks its protected pages for good; empty: no limit.
    public var attemptsText = ""

    /// True when the tag already has a password (from the last scan, a refusal, or the user):
    /// changing or removing it needs ``current``.
    public var tagIsProtected = false
    /// The tag's current password (and the PACK it must answer), for a protected tag.
    public var current = PasswordEntry()

    /// The tag from the last scan, if any.
    public private(set) var target: TagInfo?
    /// Every state an interrupted change may have left the tag in, when the last one was
    /// interrupted.
    public private(set) var interruptedStates: [String] = []
    /// A line under a failure that may have been about the password.
    public private(set) var passwordNote: String?

    // MARK: Key-guarded chips (Ultralight C, Ultralight AES): see ProtectViewModel+Key.swift

    /// True when the screen shows the key form instead of the password form: the scanned tag is
    /// a MIFARE Ultralight C or Ultralight AES (or the user said so).
    public var usesKey = false
    /// The tag's current 16-byte key; typed each time, never stored, never shown back.
    public var key = AuthenticationKeyEntry()
    /// The new key, for a key change.
    public var newKey = AuthenticationKeyEntry()
    /// The user's explicit "I keep the new key" before a key change: a key nobody keeps locks the
    /// guarded pages for good.
    public var confirmsKeyChange = false
    /// The last protect, unprotect or key change on a key-guarded chip.
    public internal(set) var keyState: ActionState<KeyProtectionOutcome> = .idle

    @ObservationIgnored let service: any TagSessionService
    /// Told about every completed change, by a password or a key (the app model tells Write and
    /// Lock).
    @ObservationIgnored public var onChange: ((TagProtectionReport) -> Void)?
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService) {
        self.service = service
    }

    public static let explanation =
        "A password stops anyone without it from rewriting the tag (and, if you choose, from reading it). It works on NTAG210/212/213/215/216 and MIFARE Ultralight EV1; a MIFARE Ultralight C or Ultralight AES guards its pages with its 16-byte key instead."

    /// The tag just scanned: whether it already has a password decides whether the current one
    /// is asked for.
    public func select(_ info: TagInfo?) {
        target = info
        state = .idle
        keyState = .idle
        if let info { usesKey = info.model?.type2KeyCipher != nil }
        interruptedStates = []
        passwordNote = nil
        switch info?.reading.protection {
        case .configuration(let configuration)?: tagIsProtected = configuration.isProtected
        case .notReadable?: tagIsProtected = true
        case .notApplicable?, nil: break
        }
    }

    /// What the scanned tag holds now, in words; `nil` without a scan of a chip with a password.
    public var currentProtection: String? { target.flatMap { TagInfo.protectionText($0.reading.protection) } }

    // MARK: Setting or changing the password

    /// The request "Protect" will send, or why it cannot be sent yet.
    public var request: Result<ProtectionRequest, ProtectInputProblem> {
        if let problem = newPassword.problem { return .failure(ProtectInputProblem(problem)) }
        guard let password = newPassword.password else {
            return .failure(ProtectInputProblem("Enter the new password."))
        }
        guard let firstPage = Int(firstPageText.trimmingCharacters(in: .whitespaces)) else {
            return .failure(
                ProtectInputProblem(
                    "The first protected page is a page number (4, the first data page, protects the whole message)."))
        }
        var attempts: Int? = nil
        let attemptsTrimmed = attemptsText.trimmingCharacters(in: .whitespaces)
        if !attemptsTrimmed.isEmpty {
            guard let count = Int(attemptsTrimmed), count >= 1 else {
                return .failure(
                    ProtectInputProblem(
                        "The attempt limit is a number of wrong passwords, 1 or more; leave it empty for no limit."))
            }
            attempts = count
        }
        if let problem = currentPasswordProblem { return .failure(ProtectInputProblem(problem)) }
        return .success(
            ProtectionRequest(
                password: password, acknowledge: newPassword.acknowledge ?? .factory, firstPage: firstPage,
                protectsReads: protectsReads, attempts: attempts))
    }

    /// Why "Protect" is off, or `nil`.
    public var protectBlocker: String? {
        if case .failure(let problem) = request { return problem.sentence }
        return nil
    }

    public var canProtect: Bool { protectBlocker == nil && !state.isWorking }

    /// What "Protect" will set, in words, before anything is sent.
    public var plan: [String] {
        guard case .success(let request) = request else { return [] }
        var lines = [
            "The new password is the 4 bytes \(request.password); the tag will answer it with PACK \(request.acknowledge)."
        ]
        lines.append(
            "Pages from \(request.firstPage) on will need the password to be written"
                + (request.protectsReads
                    ? ", and to be read: phones (this one included) cannot read the message without it."
                    : "; reading stays free."))
        if let attempts = request.attempts {
            lines.append(
                "After \(attempts) wrong \(attempts == 1 ? "password" : "passwords") the tag locks its protected pages for good: never guess."
            )
        } else {
            lines.append("Wrong passwords are not limited.")
        }
        lines.append(PasswordEntry.clearTextNote)
        return lines
    }

    public func protect() async {
        guard !state.isWorking, case .success(let request) = request else { return }
        await run(removing: false) { tag in try await tag.protect(request) }
    }

    // MARK: Removing the password

    /// The current password is needed, and must be well-formed, when the tag is protected.
    private var currentPasswordProblem: String? {
        guard tagIsProtected else { return nil }
        guard let problem = current.problem else { return nil }
        return "The tag already has a password: " + problem.prefix(1).lowercased() + problem.dropFirst()
    }

    /// Why "Remove protection" is off, or `nil`.
    public var removeBlocker: String? {
        if case .configuration(let configuration)? = target?.reading.protection, !configuration.isProtected,
            !tagIsProtected
        {
            return "This tag has no password to remove."
        }
        guard tagIsProtected else { return "Turn on \"The tag already has a password\" and enter it to remove it." }
        return currentPasswordProblem
    }

    public var canRemove: Bool { removeBlocker == nil && !state.isWorking }

    public func unprotect() async {
        guard canRemove else { return }
        await run(removing: true) { tag in try await tag.unprotect() }
    }

    // MARK: Running

    private func run(
        removing: Bool, _ change: (Type2Tag<PhoneTagTransport>) async throws -> ProtectionReport
    ) async {
        state = .working
        interruptedStates = []
        passwordNote = nil
        let password = tagIsProtected ? current.password : nil
        let acknowledge = tagIsProtected ? current.acknowledge : nil
        do throws(TagSessionFailure<any Error>) {
            let report = try await service.withType2Tag(.writing, password: password, acknowledge: acknowledge) {
                tag, _ in try await change(tag)
            }
            state = .done(ProtectionOutcome(report, removed: removing))
            tagIsProtected = report.after.isProtected
            current = PasswordEntry()
            onChange?(.password(report))
        } catch {
            switch error {
            case .session(let session):
                state = session.isCancellation ? .idle : .failed(session.sentence)
                onFailure?(session)
            case .operation(let failure):
                if let interrupted = failure as? ProtectionInterrupted {
                    interruptedStates = PhoneWords.states(of: interrupted)
                }
                if case .currentPasswordRequired? = failure as? ProtectionRefusal { tagIsProtected = true }
                if case .rejected? = failure as? PasswordError { passwordNote = PasswordEntry.phoneRefusalNote }
                state = .failed(PhoneWords.sentence(for: failure))
            }
        }
    }
}

/// Why the Protect screen's input cannot be sent yet, in words; nothing was sent.
public struct ProtectInputProblem: TapCardError, Equatable {
    public let sentence: String
    init(_ sentence: String) { self.sentence = sentence }
    public var origin: ErrorOrigin { .input }
}
