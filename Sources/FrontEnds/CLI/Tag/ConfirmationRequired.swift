import CommandLineKit
import TapCardSupport

/// A step that cannot be undone, run without the flag that confirms it: refused before the tag is
/// opened, with the flag named. One error for every such flag, so one status (a refusal, 1), one
/// JSON `kind` (`confirmation_required`) and one figure (`option`, the flag) everywhere
/// (docs/reference/exit-statuses.md); the sentence says what the flag lets happen.
struct ConfirmationRequired: TapCardError, Equatable {
    /// The flag that confirms the step (`--yes-lock-permanently`).
    var option: String
    /// `copy`: what holds the SUN URL, and the URL (shown escaped).
    var source: String?
    var url: String?

    var origin: ErrorOrigin { .refusal }

    /// `lock`.
    static let lockPermanently = ConfirmationRequired(option: "--yes-lock-permanently")
    /// `ntag424 sdm setup --lrp`.
    static let lrpPermanently = ConfirmationRequired(option: "--yes-lrp-permanently")
    /// `ntag424 keys`.
    static let changeKeys = ConfirmationRequired(option: "--yes-change-keys")
    /// `protect --new-auth-key`.
    static let changeKey = ConfirmationRequired(option: "--yes-change-key")

    /// `copy` of a message holding a SUN URL: the URL is named by its scheme and host only, since
    /// the read that found it made a fresh, never-verified URL, and a refusal that printed it
    /// would hand out the very one-time URL it protects (hostile newcomer, issue 40).
    /// `url` is `nil` when the source's SDM mirrors into a message whose URL is not at hand
    /// (a virtual NTAG 424 DNA refused from its stored file).
    static func copyFrozenSUNURL(source: String, url: String?) -> ConfirmationRequired {
        ConfirmationRequired(
            option: "--yes-copy-frozen-sun-url", source: source, url: url.map { origin(of: $0) + "/…" })
    }

    /// `scheme://host` of `url` (everything before the first `/`, `?` or `#` after the `//`).
    static func origin(of url: String) -> String {
        guard let marker = url.range(of: "://") else { return String(url.prefix { $0 != "?" && $0 != "#" }) }
        let rest = url[marker.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<marker.upperBound]) + host
    }

    var sentence: String {
        switch option {
        case "--yes-lock-permanently":
            "Locking is permanent on most tags: nothing can write them again (on a MIFARE DESFire it is not: its PICC master key can still delete the application or format the card). Nothing was done; to lock it anyway, run the command again with --yes-lock-permanently."
        case "--yes-lrp-permanently":
            "Switching an NTAG 424 DNA to LRP mode is permanent: it never speaks AES secure messaging again, and TapCard then cannot change its keys, files or settings (it authenticates in AES mode only). Give --yes-lrp-permanently to confirm. Nothing was written."
        case "--yes-change-keys":
            "Changing keys needs --yes-change-keys: without the new keys the tag can never be changed again. Nothing was sent."
        case "--yes-change-key":
            "Changing the tag's key needs --yes-change-key: its key pages cannot be read back, and without the new key its guarded pages can never be changed again. Nothing was sent."
        case "--yes-copy-frozen-sun-url":
            "\(source ?? "The source") holds a SUN URL\(url.map { " (\(TerminalText.escape($0)))" } ?? ""). Its tag writes a new URL at every tap; a copy is this one URL, frozen: it verifies once at most, then only as a replay, which a backend tracking counters refuses. Nothing was written. Give --yes-copy-frozen-sun-url to copy it anyway."
        default:
            "This step cannot be undone: give \(option) to confirm it. Nothing was sent."
        }
    }
}
