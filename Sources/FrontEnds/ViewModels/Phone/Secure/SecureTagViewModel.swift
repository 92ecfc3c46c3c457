import CoreNFCTransport
import NDEF
import Observation
import SUN
import TagWorkflows
import TapCardSupport
import Type4

/// "Make this a secure tag": an NTAG 424 DNA set up for Secure Unique NFC in one session, with its
/// SUN keys on this iPhone.
///
/// The user enters a URL template (checked by `SUNTemplate`, its sentence shown), chooses whether
/// to put new SUN keys on the tag (the default) and gives the current key 0 (empty: the factory
/// key). New keys need the typed confirmation ``confirmationPhrase``: without them the tag's SDM
/// settings can never be changed again. In the session: GetVersion names the tag and its UID; the
/// keys the template uses (meta key 2, file key 1) are drawn from `SystemRandomNumberGenerator`
/// and saved to the ``SecretStore`` *before* any ChangeKey is sent, so a tear never leaves keys
/// nobody knows (keys an earlier, torn run stored for the tag are used again, which finishes that
/// run); ChangeKey of those keys; the SDM setup; then the URL is read back and verified with
/// `SUNVerifier` and the stored keys (UID and read counter shown). Key 0 is never changed. A torn
/// key change or setup shows the workflow's sentence (which keys are old, which new).
///
/// No key appears in any text this model offers; the stored keys stay in the store.
@MainActor
@Observable
public final class SecureTagViewModel {
    /// AN12196's style: PICCData (UID and counter, encrypted with key 2), then the MAC (key 1).
    nonisolated public static let defaultTemplate = "https://example.com/tap?picc_data={picc}&cmac={mac}"
    /// What the user types before new keys are put on a tag.
    nonisolated public static let confirmationPhrase = "CHANGE KEYS"
    nonisolated public static let warning =
        "New SUN keys are stored only on this iPhone. Without them the tag keeps working, but nobody can verify its taps or change its SUN keys again."

    public private(set) var state: ActionState<SecureTagReceipt> = .idle
    /// The last "Verify" tap on its own.
    public private(set) var checkState: ActionState<SecureTagCheck> = .idle
    public var template = SecureTagViewModel.defaultTemplate
    /// Put fresh random keys on the tag (true) or keep the keys it has (the factory keys).
    public var generatesNewKeys = true
    /// Key 0 as typed (hex); empty means the factory key. Never shown back, never stored.
    public var key0 = ""
    public var typedConfirmation = ""
    /// The secret file data `{enc}` mirrors encrypted, as typed (hex, a multiple of 16 bytes);
    /// empty for a template without `{enc}`. Never shown back, never stored: the tag keeps it, and
    /// the file key decrypts what it mirrors.
    public var fileData = ""

    @ObservationIgnored private let service: any TagSessionService
    @ObservationIgnored private let secrets: any SecretStore
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService, secrets: any SecretStore) {
        self.service = service
        self.secrets = secrets
    }

    /// The template as the tag will hold it, or the sentence saying why it cannot be.
    public var parsedTemplate: Result<SUNTemplate, SUNTemplateError> {
        do throws(SUNTemplateError) {
            return .success(
                try SUNTemplate(template.trimmingCharacters(in: .whitespaces), fileData: parsedFileData ?? []))
        } catch {
            return .failure(error)
        }
    }

    /// The typed file data as bytes (spaces and colons ignored); `nil` when it is not hex.
    var parsedFileData: [UInt8]? {
        let text = fileData.filter { !$0.isWhitespace && $0 != ":" }
        return try? Hex.decode(text)
    }

    /// Why the typed file data cannot be used, or `nil` (the template's own checks follow).
    public var fileDataProblem: String? {
        let digits = fileData.filter { !$0.isWhitespace && $0 != ":" }.count
        guard parsedFileData == nil else { return nil }
        return
            "The file data must be hex digits (\(digits) typed, not all of them hex or an odd count): a multiple of 32 digits, 16 bytes per AES block."
    }

    public var templateProblem: String? {
        if let fileDataProblem { return fileDataProblem }
        if case .failure(let error) = parsedTemplate { return PhoneWords.sentence(for: error) }
        return nil
    }

    /// Key 0 as bytes, or the refusal saying why the typed text is not a key.
    var parsedKey0: Result<[UInt8], SecureTagRefusal> {
        let text = key0.filter { !$0.isWhitespace && $0 != ":" }
        guard !text.isEmpty else { return .success(Type4Tag.factoryKey) }
        guard text.count == 32, let bytes = try? Hex.decode(text) else {
            return .failure(.key0Malformed(digits: text.count))
        }
        return .success(bytes)
    }

    public var key0Problem: String? {
        if case .failure(let refusal) = parsedKey0 { return refusal.sentence }
        return nil
    }

    public var needsConfirmation: Bool { generatesNewKeys }

    public var isConfirmed: Bool {
        !needsConfirmation
            || typedConfirmation.trimmingCharacters(in: .whitespaces).uppercased() == Self.confirmationPhrase
    }

    /// What keeps the button off, or `nil` when it is on.
    public var blocker: String? {
        if let templateProblem { return templateProblem }
        if let key0Problem { return key0Problem }
        if !isConfirmed { return "Type \(Self.confirmationPhrase) to confirm: the tag's SUN keys will be replaced." }
        return nil
    }

    public var canStart: Bool { blocker == nil && !state.isWorking && !checkState.isWorking }

    /// The key numbers `template` has the tag use: the meta key (with `{picc}`) and the file key.
    static func keyNumbers(_ template: SUNTemplate) -> [Int] {
        var numbers: Set<Int> = []
        if case .key(let number) = template.sdm.metaRead { numbers.insert(Int(number)) }
        if case .key(let number) = template.sdm.fileRead { numbers.insert(Int(number)) }
        // Key 0 is the tag's master key: this flow authenticates with it and never changes it.
        numbers.remove(0)
        return numbers.sorted()
    }

    /// One session: keys saved, then changed, then SDM set up, then the URL read back and verified.
    public func makeSecure() async {
        guard !state.isWorking, !checkState.isWorking else { return }
        let template: SUNTemplate
        let key0: [UInt8]
        switch (parsedTemplate, parsedKey0) {
        case (.failure(let error), _):
            state = .failed(templateProblem ?? PhoneWords.sentence(for: error))
            return
        case (_, .failure(let refusal)):
            state = .failed(refusal.sentence)
            return
        case (.success(let parsed), .success(let key)):
            template = parsed
            key0 = key
        }
        guard isConfirmed else {
            state = .failed(NTAG424SetupRefusal.confirmationRequired.phoneSentence)
            return
        }
        state = .working
        let generate = generatesNewKeys
        let numbers = Self.keyNumbers(template)
        let secrets = secrets
        do throws(TagSessionFailure<any Error>) {
            let receipt = try await service.withConnection(.writing) { connection async throws -> SecureTagReceipt in
                let (tag, uid) = try await Self.ntag424(on: connection)
                let stored = try secrets.loadKeys(forTag: uid)
                var keys = stored ?? SUNKeySet([:])
                var change: NTAG424KeyChangeReport?
                if generate {
                    let missing = numbers.filter { keys.keys[$0] == nil }
                    if !missing.isEmpty {
                        let fresh = SUNKeySet.random(for: missing)
                        keys = SUNKeySet(keys.keys.merging(fresh.keys) { old, _ in old })
                        // Stored before the first ChangeKey: a tear leaves keys this iPhone knows.
                        try secrets.saveKeys(keys, forTag: uid)
                    }
                    change = try await tag.changeKeys(
                        to: keys.keys.filter { numbers.contains($0.key) }, replacing: [0: key0],
                        confirmation: .changeKeys)
                }
                let setup = try await tag.setUpSDM(template, key: key0)
                let check = await Self.check(
                    tag, uid: uid, keys: keys, source: stored != nil || generate ? .stored : .factory,
                    template: template)
                return SecureTagReceipt(
                    uid: uid, keyNumbers: numbers, reusedStoredKeys: generate && stored != nil, keyChange: change,
                    setup: setup, check: check)
            }
            state = .done(receipt)
            typedConfirmation = ""
        } catch {
            state = .failed(fail(error))
        }
    }

    /// Reads the tag's URL and verifies it with the keys stored for it (the factory keys when
    /// none are), in one session. Changes nothing.
    public func verify() async {
        guard !state.isWorking, !checkState.isWorking else { return }
        let template: SUNTemplate? = if case .success(let parsed) = parsedTemplate { parsed } else { nil }
        checkState = .working
        let secrets = secrets
        do throws(TagSessionFailure<any Error>) {
            let check = try await service.withConnection(.reading) { connection async throws -> SecureTagCheck in
                let (tag, uid) = try await Self.ntag424(on: connection)
                let stored = try secrets.loadKeys(forTag: uid)
                return await Self.check(
                    tag, uid: uid, keys: stored ?? SUNKeySet([:]), source: stored != nil ? .stored : .factory,
                    template: template)
            }
            checkState = .done(check)
        } catch {
            checkState = .failed(fail(error))
        }
    }

    /// The tag as an NTAG 424 DNA and its UID; any other tag is refused before anything changes.
    static func ntag424(on connection: PhoneTagConnection) async throws -> (Type4Tag, [UInt8]) {
        guard let channel = connection.isoDepChannel else { throw SecureTagRefusal.notType4 }
        let tag = Type4Tag(channel: channel, uid: channel.uid)
        let identification = try await tag.identify()
        guard identification.model == .ntag424DNA else {
            throw NTAG424SetupRefusal.notNTAG424(model: identification.model)
        }
        guard let uid = tag.uid, !uid.isEmpty else { throw SecureTagRefusal.noUID }
        return (tag, uid)
    }

    /// Reads the URL the tag mirrors and verifies it; a failure is reported, not thrown (the
    /// setup before it stands).
    private static func check(
        _ tag: Type4Tag, uid: [UInt8], keys: SUNKeySet, source: SecureTagCheck.KeySource, template: SUNTemplate?
    ) async -> SecureTagCheck {
        var check = SecureTagCheck(uid: uid, keySource: source)
        let content: NDEFContent
        do {
            content = try await tag.read().content
        } catch {
            check.failure =
                "The URL could not be read back: \(PhoneWords.sentence(for: error)) Tap Verify to try again."
            return check
        }
        guard case .message(let message, _) = content, case .uri(let record)? = message.records.first?.view else {
            check.failure = "The tag holds no URL to verify."
            return check
        }
        check.url = record.uri
        let meta = template.flatMap { if case .key(let n) = $0.sdm.metaRead { Int(n) } else { nil } } ?? 2
        let file = template.flatMap { if case .key(let n) = $0.sdm.fileRead { Int(n) } else { nil } } ?? 1
        do {
            check.verification = try SUNVerifier.verify(
                url: record.uri, metaKey: keys.key(meta), fileKey: keys.key(file))
        } catch {
            check.failure = error.sentence
        }
        return check
    }

    private func fail(_ error: TagSessionFailure<any Error>) -> String {
        switch error {
        case .session(let session):
            onFailure?(session)
            return session.isCancellation ? "" : session.sentence
        case .operation(let failure):
            let sentence = PhoneWords.sentence(for: failure)
            if failure is NTAG424KeyChangeInterrupted {
                return sentence
                    + " The new keys are saved on this iPhone: hold the same tag and tap “Make this a secure tag” again to finish with them."
            }
            if failure is NTAG424SDMSetupInterrupted {
                return sentence
                    + " The SUN keys are saved on this iPhone: tap “Make this a secure tag” again to finish with them."
            }
            return sentence
        }
    }

    /// The lines under the result: keys, setup, and the check of the URL read back.
    public var reportLines: [String] {
        guard let receipt = state.outcome else { return [] }
        let name = Hex.encode(receipt.uid, uppercase: true, separator: ":")
        let list = receipt.keyNumbers.map(String.init).joined(separator: ", ")
        let plural = receipt.keyNumbers.count == 1 ? "Key" : "Keys"
        var lines: [String] = []
        if let change = receipt.keyChange {
            if !change.changed.isEmpty {
                lines.append(
                    "\(plural) \(change.changed.map(String.init).joined(separator: ", ")) of \(name) now hold new random keys, saved in this iPhone's Keychain before they were sent."
                )
            }
            if !change.alreadyNew.isEmpty {
                lines.append(
                    "Keys \(change.alreadyNew.map(String.init).joined(separator: ", ")) already held the keys stored on this iPhone (an earlier run)."
                )
            }
        } else {
            lines.append("\(plural) \(list) kept as they were (the factory keys): no key was changed.")
        }
        lines.append(
            receipt.setup.steps.isEmpty
                ? "SDM was already set up as the template asks."
                : "SDM set up: \(receipt.setup.steps.map(\.rawValue).joined(separator: ", ")).")
        if !receipt.setup.verified {
            lines.append("The file settings read back differ from what the template asks: tap the button again.")
        }
        return lines + Self.lines(of: receipt.check)
    }

    /// The lines under "Verify".
    public var checkLines: [String] {
        guard let check = checkState.outcome else { return [] }
        return Self.lines(of: check)
    }

    static func lines(of check: SecureTagCheck) -> [String] {
        var lines: [String] = []
        if let url = check.url { lines.append("URL read back: \(url)") }
        let keys = check.keySource == .stored ? "the keys stored on this iPhone" : "the factory keys"
        if let verification = check.verification {
            lines.append(
                "Verified with \(keys): UID \(Hex.encode(verification.uid, uppercase: true, separator: ":")), read counter \(verification.counter)."
            )
        } else if let failure = check.failure {
            lines.append("Not verified with \(keys): \(failure)")
        }
        return lines
    }
}
