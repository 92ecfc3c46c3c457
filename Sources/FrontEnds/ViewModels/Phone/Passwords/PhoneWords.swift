import CoreNFCTransport
import SUN
import TagWorkflows
import TapCardSupport
import Type2
import Type3
import Type4
import Type5

/// The app's words for what TapCard's Type 2 work on the phone reports. Most errors' own
/// sentences serve as they are; the few whose sentence tells a terminal user which option to
/// pass say what to do on this screen instead, with the same figures.
enum PhoneWords {
    static func sentence(for error: any Error) -> String {
        if let preflight = error as? WritePreflightError {
            switch preflight {
            case .passwordRequired(_, let first, let exact, let reads):
                let rule =
                    exact
                    ? "AUTH0 is \(first): pages from \(first) on need the password to be written"
                        + (reads ? ", and to be read (PROT 1)" : "")
                    : "the tag refuses to read its configuration without the password, so pages from \(first) on may need it"
                return
                    "This tag is password-protected and this operation must write pages it protects: \(rule). Enter the tag's password and try again; nothing was written."
            case .notFormatted:
                return "The tag is not NDEF-formatted, so there is no message to replace; nothing was written."
            default:
                return preflight.sentence
            }
        }
        if let refusal = error as? ProtectionRefusal, case .currentPasswordRequired(let first, let page) = refusal {
            let why =
                first.map { "The tag is already protected (AUTH0 \($0): pages from \($0) on need its password)." }
                ?? "The tag refuses to read its configuration (page \(page)) without its password: it is read-protected."
            return
                "\(why) Changing or removing its protection needs its current password: enter it. Nothing was written."
        }
        if let interrupted = error as? ProtectionInterrupted {
            return
                "Writing page \(interrupted.write.page) (\(name(of: interrupted.write.role)); write \(interrupted.failedIndex + 1) of \(interrupted.total)) was not acknowledged: \(interrupted.cause.sentence) The \(interrupted.failedIndex) \(interrupted.failedIndex == 1 ? "write" : "writes") before it landed, so the tag is now in one of the states below (never protected by a password nobody knows). Scan it to see which, then try again."
        }
        // The drivers' refusals of unformatted tags name the CLI's command; the phone's is a button.
        if let finding = (error as? any NotFormattedRefusal)?.notFormattedFinding {
            return "\(finding). Format it first (\"Format for NDEF\" on the Write screen). Nothing was written."
        }
        if let phone = keyWords(error) { return phone }
        if let phone = interruptedSetUp(error) { return phone }
        if let phone = refusal(error) { return phone }
        if let tapCard = error as? any TapCardError { return tapCard.sentence }
        return "The tag operation failed: \(error)."
    }

    /// A set-up that stopped part-way, in the phone's words: what the tag now holds, with the
    /// figures, and no command to run (each screen says what to tap to finish).
    static func interruptedSetUp(_ error: any Error) -> String? {
        switch error {
        case let interrupted as NTAG424KeyChangeInterrupted:
            func list(_ keys: [Int]) -> String {
                keys.count == 1 ? "key \(keys[0])" : "keys \(keys.map(String.init).joined(separator: ", "))"
            }
            var parts = [
                interrupted.uncertain.map { "The key change stopped at key \($0): \(interrupted.cause.sentence)" }
                    ?? "The key change stopped after a key was changed: \(interrupted.cause.sentence)"
            ]
            if !interrupted.changed.isEmpty {
                parts.append(
                    "\(list(interrupted.changed)) \(interrupted.changed.count == 1 ? "holds its new value" : "hold their new values")."
                )
            }
            if let uncertain = interrupted.uncertain {
                parts.append("Key \(uncertain) holds either the old or the new value; TapCard tries the new one first.")
            }
            if !interrupted.unchanged.isEmpty {
                parts.append(
                    "\(list(interrupted.unchanged)) still \(interrupted.unchanged.count == 1 ? "holds its old value" : "hold their old values")."
                )
            }
            return parts.joined(separator: " ")
        case let interrupted as NTAG424SDMSetupInterrupted:
            return
                "The SDM setup stopped at \(interrupted.failed.rawValue): \(interrupted.cause.sentence) The keys are unchanged; \(interrupted.tagState)."
        case let failed as ProtectionVerificationFailed:
            if case .readBackInterrupted(let writes, let state, let cause) = failed {
                return
                    "All \(writes) \(writes == 1 ? "write was" : "writes were") acknowledged, so the tag is now \(state.phrase); reading it back to check was then cut off: \(cause.sentence) Scan the tag to check."
            }
            return nil
        default:
            return nil
        }
    }

    /// Refusals whose own sentence names a command-line option, in the phone's words.
    static func refusal(_ error: any Error) -> String? {
        switch error {
        case let refusal as NTAG424SetupRefusal:
            return refusal.phoneSentence
        case let refusal as Type4LockRefusal:
            switch refusal {
            case .confirmationRequired:
                return "Locking is permanent: type the confirmation first. Nothing was written."
            case .confirmationRequiredNotPermanent:
                return
                    "Locking a DESFire stops every write to its NDEF files, but it is not permanent: its PICC master key can delete the application or format the card, and its application key (or anyone, as AN11004 sets it up) can replace the NDEF file. Type the confirmation to lock it on those terms. Nothing was written."
            case .needsAuthentication, .keyRefused:
                return
                    "This NTAG 424 DNA's key 0 is not the factory key, and the phone locks only with the factory key: it did not accept it. Nothing was written."
            case .lrpMode:
                return
                    "This NTAG 424 DNA is in LRP mode: it refuses AES authentication, the only kind TapCard speaks, so its keys, files and settings cannot be changed here. Its secure URLs still verify. Nothing was written."
            case .ev1KeyRefused:
                return
                    "This DESFire EV1's NDEF application key 0 is not the all-zero key TapCard's format gives it, and the phone locks only with that key: the card refused it. Nothing was written."
            case .noProcedure, .foreignApplication: return nil
            }
        case let refusal as Type3Refusal:
            switch refusal {
            case .confirmationRequired:
                return
                    "Locking is permanent (the MC block's MC_ALL 00 can never be undone): type the confirmation first. Nothing was sent."
            case .alreadyFormatted(let capacity):
                return
                    "The card is NDEF-formatted already (its attribute block reports \(capacity) bytes); formatting again would only lose its message. Erase it instead. Nothing was written."
            default: return nil
            }
        case let refusal as FormatRefusal:
            if case .holdsMessage(let bytes) = refusal {
                return
                    "The tag is NDEF-formatted already and holds a \(bytes)-byte message; formatting again would only lose its message. Erase it instead. Nothing was written."
            }
            return nil
        case let refusal as DESFireFormatRefusal:
            switch refusal {
            case .piccKeyRefused(let given, let status, let authentication):
                return
                    "The card creates applications only after authentication with its PICC master key, and it refused \(given ? "the key entered" : "the all-zero AES key") (\(authentication.name) answered \(status)). Turn on the key switch and enter its PICC master key (AES, 32 hex digits); TapCard authenticates with AES keys only, so a card whose PICC master key is still the factory DES key needs it changed to AES first. Nothing was written."
            case .keyLength(let bytes):
                return "A PICC master key is 16 bytes (32 hex digits); this one has \(bytes). Nothing was sent."
            default:
                return nil
            }
        case let error as SUNTemplateError:
            if case .encWithoutFileData = error {
                return
                    "The URL template has {enc} but no file data was entered: the tag needs the secret bytes to encrypt. Enter them (a multiple of 16 bytes, as hex)."
            }
            return nil
        default:
            return nil
        }
    }

    /// The key-guarded chips' refusals (Ultralight C, Ultralight AES), whose desk sentences name
    /// the key option: the phone asks for the key on its Protect screen instead.
    static func keyWords(_ error: any Error) -> String? {
        switch error {
        case let refusal as KeyProtectionError:
            switch refusal {
            case .keyRequired(let page):
                return "This tag is protected"
                    + (page.map { " from page \($0) (AUTH0)" } ?? "")
                    + ": its 16-byte key is needed to change its protection. Enter it and try again. Nothing was written."
            case .keyNotGiven(let page):
                return
                    "Guarding pages from \(page) (AUTH0) takes the tag's 16-byte key (an Ultralight C's factory key is 49454d4b41455242214e4143554f5946, an Ultralight AES's all zeros): TapCard authenticates with it first, so the tag is never guarded by a key you do not hold. Enter it. Nothing was sent."
            case .keyRequiredForPages(let pages, let first, let model):
                return pagePhrase(pages)
                    + ", which this operation must write, \(Set(pages).count == 1 ? "needs" : "need") \(KeyProtectionError.keyName(model))"
                    + (first.map { " (it guards pages from \($0), AUTH0)" }
                        ?? " (its access configuration cannot be read without it)")
                    + ". Enter the tag's key and try again; nothing was written."
            case .interrupted, .verificationFailed:
                return nil
            }
        case let error as Type2KeyError:
            guard case .noKeyOnChip(let model) = error else { return nil }
            return
                "A 16-byte key authenticates a MIFARE Ultralight C (3DES) or Ultralight AES (AES-128) only; this tag is \(model?.displayName ?? "of a model TapCard does not know"). Use the password form for an NTAG21x or Ultralight EV1. Nothing was sent."
        case let refusal as ProtectionRefusal:
            guard case .noPasswordOnChip(let model?) = refusal, let cipher = model.type2KeyCipher else { return nil }
            return
                "\(model.withArticle.prefix(1).uppercased() + model.withArticle.dropFirst()) has no password (no PWD_AUTH): its pages are guarded by its 16-byte \(cipher.name) key. Use the key form. Nothing was written."
        default:
            return nil
        }
    }

    /// "Page 4", "Pages 4–15" or "Pages 3, 5".
    static func pagePhrase(_ pages: [Int]) -> String {
        guard let first = pages.first, let last = pages.last, pages.count > 1 else {
            return "Page \(pages.first.map(String.init) ?? "")"
        }
        if pages.count > 2, last - first == pages.count - 1 { return "Pages \(first)–\(last)" }
        return "Pages " + pages.map(String.init).joined(separator: ", ")
    }

    /// Every state an interrupted protection change may have left the tag in, in words.
    static func states(of interrupted: ProtectionInterrupted) -> [String] {
        interrupted.states.map { state in
            switch state {
            case .protectedWithNewPassword: "Protected with the new password \(interrupted.newPassword)."
            case .protectedWithCurrentPassword: "Protected with its previous password."
            case .unprotected: "Unprotected: no page needs a password."
            case .protectedWithUnknownPassword: "Protected by a password nobody knows."
            }
        }
    }

    /// What a protection write is, for people.
    static func name(of role: PageWrite.Role) -> String {
        switch role {
        case .authenticationSwitch: "CFG0, with AUTH0"
        case .password: "PWD, the password"
        case .passwordAcknowledge: "PACK"
        case .accessConfiguration: "CFG1, with ACCESS"
        case .configurationLock: "CFG1, with CFGLCK"
        case .capabilityContainer: "the Capability Container"
        case .lockBits: "lock bits"
        case .clearLength, .data, .commit: "NDEF data"
        }
    }

    /// The version bytes of an identification, when GET_VERSION answered.
    static func version(of identification: ChipIdentification) -> [UInt8]? {
        if case .version(let bytes) = identification.evidence { return bytes }
        return nil
    }
}
