import CoreNFCTransport
import Focus
import SUN
import Store
import TagCatalog
import TagWorkflows
import Type4

extension FocusTapViewModel {
    /// The URL a SUN focus tag mirrors: PICCData (UID and read counter, encrypted with key 2),
    /// then the MAC (key 1) — the same template, keys and numbering as a pairing at the desk, so a
    /// tag paired on either side reads alike.
    nonisolated static let sunTemplate = "https://tapcard.invalid/f?e={picc}&c={mac}"

    /// What one secure-pairing session did on the tag.
    struct SecurePairingRun: Sendable {
        var uid: [UInt8]
        var url: String
        var keys: SUNKeySet
        var signature: Focus.SignatureCheck
    }

    /// Pairs the NTAG 424 DNA held up as a SUN focus tag, in one NFC session: GetVersion names it;
    /// keys 1 and 2 are drawn at random (or the keys an interrupted pairing of this tag left are
    /// taken again) and saved in the key store — the Keychain, this device only — *before* any
    /// ChangeKey; keys 1 (file-read: the MAC) and 2 (meta-read: PICCData) are changed with key 0
    /// (`key0`, the factory key by default; key 0 itself is never changed); SDM is set up with
    /// `sunTemplate`; the URL is read back. The focus engine then records the pairing only if that
    /// URL verifies with the keys for the tag's own UID, and its read counter becomes the last one
    /// accepted. Refused before any session while a session runs (a pairing would be refused then).
    public func pairSecure(label: String?, location: String?, key0: [UInt8] = Type4Tag.factoryKey) async {
        guard let secrets, !state.isWorking else { return }
        focus.refresh()
        if focus.isFocusing {
            focus.refuse(Self.pairingDuringSession)
            return
        }
        let template: SUNTemplate
        do throws(SUNTemplateError) {
            template = try SUNTemplate(Self.sunTemplate, metaKeyNumber: 2, fileKeyNumber: 1)
        } catch {
            state = .failed(error.sentence)
            return
        }
        state = .working
        do throws(TagSessionFailure<any Error>) {
            let run = try await service.withConnection(.writing) { connection async throws -> SecurePairingRun in
                let (tag, uid) = try await SecureTagViewModel.ntag424(on: connection)
                var keys = try secrets.loadKeys(forTag: uid) ?? SUNKeySet([:])
                let missing = [1, 2].filter { keys.keys[$0] == nil }
                if !missing.isEmpty {
                    keys = SUNKeySet(keys.keys.merging(SUNKeySet.random(for: missing).keys) { old, _ in old })
                    // Stored before the first ChangeKey: a tear leaves keys this iPhone knows.
                    try secrets.saveKeys(keys, forTag: uid)
                }
                _ = try await tag.changeKeys(
                    to: [1: keys.key(1), 2: keys.key(2)], replacing: [0: key0], confirmation: .changeKeys)
                _ = try await tag.setUpSDM(template, key: key0)
                let inspection = try await tag.inspect()
                guard case .message(let message, _) = inspection.read.content,
                    case .uri(let record)? = message.records.first?.view
                else { throw SecurePairingProblem.noURL }
                let check =
                    inspection.signatureCheck.map { Self.focusCheck($0) } ?? Focus.SignatureCheck.unsupported
                return SecurePairingRun(uid: uid, url: record.uri, keys: keys, signature: check)
            }
            let identity = TagIdentity(uid: run.uid, chip: TagModel.ntag424DNA.rawValue)
            state = .done(identity)
            focus.pairSecured(
                identity, keys: SUNKeyPair(metaKey: run.keys.key(2), fileKey: run.keys.key(1)), url: run.url,
                label: label, location: location, signature: run.signature)
        } catch {
            switch error {
            case .session(let session):
                state = session.isCancellation ? .idle : .failed(session.sentence)
                onFailure?(session)
            case .operation(let failure):
                state = .failed(Self.securePairingSentence(failure))
            }
        }
    }

    static let pairingDuringSession =
        "A focus session is running: pair a tag once it has ended. Nothing was sent to the tag."

    /// The phone's words for a pairing that stopped: what the tag now holds and what to do here.
    static func securePairingSentence(_ failure: any Error) -> String {
        let sentence = PhoneWords.sentence(for: failure)
        if failure is NTAG424KeyChangeInterrupted || failure is NTAG424SDMSetupInterrupted {
            return sentence
                + " The new SUN keys are saved on this iPhone: hold the same tag and tap “Pair securely” again to finish the pairing with them."
        }
        return sentence
    }
}
