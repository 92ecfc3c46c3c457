import CoreNFCTransport
import TagWorkflows
import Type2

/// The Protect screen for the chips guarded by a 16-byte key (MIFARE Ultralight C, 3DES;
/// Ultralight AES, AES-128): guard pages from AUTH0 (and reads too, if chosen), remove the guard,
/// or change the key. Each runs the driver and contract the desk uses
/// (``/TagWorkflows/ProtectableTag`` on a `Type2Tag` built with the key) in one session: the tag
/// authenticates the key first, so it is never guarded by a key the user does not hold.
extension ProtectViewModel {
    /// The chip's cipher in words, from the last scan; `nil` when no key-guarded chip was scanned.
    public var keyCipherName: String? { target?.model?.type2KeyCipher?.name }

    /// The current key, or why it cannot be used.
    private var currentKey: Result<Type2AuthenticationKey, ProtectInputProblem> {
        if let problem = key.problem { return .failure(ProtectInputProblem(problem)) }
        guard let key = key.key else { return .failure(ProtectInputProblem("Enter the tag's key.")) }
        return .success(key)
    }

    /// The request "Guard with the key" will send, or why it cannot be sent yet.
    public var keyRequest: Result<TagProtectionRequest, ProtectInputProblem> {
        guard let firstPage = Int(firstPageText.trimmingCharacters(in: .whitespaces)) else {
            return .failure(
                ProtectInputProblem(
                    "The first protected page is a page number (4, the first data page, protects the whole message)."))
        }
        if case .failure(let problem) = currentKey { return .failure(problem) }
        return .success(.key(firstPage: firstPage, protectsReads: protectsReads))
    }

    /// Why "Guard with the key" is off, or `nil`.
    public var keyProtectBlocker: String? {
        if case .failure(let problem) = keyRequest { return problem.sentence }
        return nil
    }

    public var canProtectWithKey: Bool { keyProtectBlocker == nil && !keyState.isWorking }

    /// What "Guard with the key" will set, in words, before anything is sent.
    public var keyPlan: [String] {
        guard case .success(.key(let firstPage, let reads)) = keyRequest else { return [] }
        return [
            "Pages from \(firstPage) on will need the key to be written"
                + (reads
                    ? ", and to be read: phones (this one included) cannot read the message without it."
                    : "; reading stays free."),
            "TapCard authenticates with the key first: if the tag refuses it, nothing is written.",
        ]
    }

    public func protectWithKey() async {
        guard canProtectWithKey, case .success(let request) = keyRequest, case .success(let key) = currentKey
        else { return }
        await runKey(.protect, key: key) { tag in try await tag.protectTag(request) }
    }

    /// Why "Remove protection" (with the key) is off, or `nil`.
    public var keyRemoveBlocker: String? {
        if case .failure(let problem) = currentKey { return problem.sentence }
        return nil
    }

    public var canRemoveWithKey: Bool { keyRemoveBlocker == nil && !keyState.isWorking }

    public func unprotectWithKey() async {
        guard canRemoveWithKey, case .success(let key) = currentKey else { return }
        await runKey(.unprotect, key: key) { tag in try await tag.unprotectTag() }
    }

    /// Why "Change the key" is off, or `nil`: the current key, the new one, and the confirmation.
    /// Nothing is sent while it is not `nil`.
    public var keyChangeBlocker: String? {
        if case .failure(let problem) = currentKey { return problem.sentence }
        if newKey.text.trimmingCharacters(in: .whitespaces).isEmpty {
            return "Enter the new key: 32 hex digits (16 bytes)."
        }
        if let problem = newKey.problem {
            return "The new key: " + problem.prefix(1).lowercased() + problem.dropFirst()
        }
        if newKey.key == key.key { return "The new key is the tag's current key: there is nothing to change." }
        guard confirmsKeyChange else { return Self.keyChangeWarning }
        return nil
    }

    /// Said before a key change, and why it waits for the confirmation.
    public static let keyChangeWarning =
        "Changing the key is for good: confirm that you keep the new key somewhere safe. TapCard does not store it, and a key nobody keeps leaves the guarded pages shut forever."

    public var canChangeKey: Bool { keyChangeBlocker == nil && !keyState.isWorking }

    public func changeKey() async {
        guard canChangeKey, case .success(let key) = currentKey, let replacement = newKey.key else { return }
        await runKey(.changeKey, key: key) { tag in try await tag.protectTag(.newKey(replacement)) }
    }

    private func runKey(
        _ change: KeyProtectionOutcome.Change, key: Type2AuthenticationKey,
        _ body: (Type2Tag<PhoneTagTransport>) async throws -> TagProtectionReport
    ) async {
        keyState = .working
        do throws(TagSessionFailure<any Error>) {
            let report = try await service.withType2Tag(.writing, key: key) { tag, _ in try await body(tag) }
            guard case .key(let keyReport) = report else {
                keyState = .failed("This tag has a page password, not a 16-byte key: use the password form.")
                return
            }
            keyState = .done(KeyProtectionOutcome(keyReport, change: change))
            onChange?(report)
            self.key = AuthenticationKeyEntry()
            if change == .changeKey {
                newKey = AuthenticationKeyEntry()
                confirmsKeyChange = false
            }
        } catch {
            switch error {
            case .session(let session):
                keyState = session.isCancellation ? .idle : .failed(session.sentence)
                onFailure?(session)
            case .operation(let failure):
                keyState = .failed(PhoneWords.sentence(for: failure))
            }
        }
    }
}
