import TagCatalog
import TagTransport
import TapCardSupport
import Type2

/// Why a protect, unprotect or key change on a key-guarded Type 2 chip (MIFARE Ultralight C,
/// Ultralight AES) stopped.
public enum KeyProtectionError: TapCardError, Equatable {
    /// The tag is protected (AUTH0 given when it could be read) and no key was authenticated:
    /// nothing was written.
    case keyRequired(firstProtectedPage: Int?)
    /// A protect from `firstPage` (AUTH0) was asked without the key: nothing was sent. The
    /// driver authenticates with the key first, so it never guards pages with a key nobody
    /// present holds.
    case keyNotGiven(firstPage: Int)
    /// A write would reach `pages`, which need the key (from `firstProtectedPage`, AUTH0, when it
    /// could be read); no key was authenticated, so nothing was written. `model` names the chip
    /// and so which key (an Ultralight C's 3DES key, an Ultralight AES's DataProtKey).
    case keyRequiredForPages(pages: [Int], firstProtectedPage: Int?, model: TagModel? = nil)
    /// Write `failedIndex` (of `total`, to `page`) was not acknowledged; the writes before it
    /// landed. `protectedEitherWay` says whether a page is guarded if that write did not land,
    /// and if it did; `keyPagesMixed`, whether the key pages may now hold part old, part new key.
    case interrupted(
        page: Int, failedIndex: Int, total: Int, protectedEitherWay: [Bool], keyPagesMixed: Bool, cause: ChannelError)
    /// The configuration read back differs from the plan's.
    case verificationFailed(expected: KeyAccessState, read: KeyAccessState)

    public var origin: ErrorOrigin {
        switch self {
        case .keyRequired, .keyRequiredForPages, .keyNotGiven: .refusal
        case .interrupted(_, _, _, _, _, let cause): cause.origin
        case .verificationFailed: .tag
        }
    }

    public var sentence: String {
        switch self {
        case .keyRequired(let page):
            "This tag is protected"
                + (page.map { " from page \($0) (AUTH0)" } ?? "")
                + ": its 16-byte key (--auth-key HEX32) is needed to change its protection. Nothing was written."
        case .keyNotGiven(let page):
            "Guarding pages from \(page) (AUTH0) takes the tag's 16-byte key (--auth-key HEX32; an Ultralight C's factory key is 49454d4b41455242214e4143554f5946, an Ultralight AES's all zeros): TapCard authenticates with it first, so the tag is never guarded by a key you do not hold. Nothing was sent."
        case .keyRequiredForPages(let pages, let first, let model):
            "\(PageList.phrase(pages).prefix(1).uppercased() + PageList.phrase(pages).dropFirst()), which this operation must write, \(Set(pages).count == 1 ? "needs" : "need") \(Self.keyName(model))"
                + (first.map { " (it guards pages from \($0), AUTH0)" }
                    ?? " (its access configuration cannot be read without it)")
                + ". Give the key (--auth-key HEX32); nothing was written."
        case .interrupted(let page, let index, let total, let states, let mixed, let cause):
            "Writing page \(page) (write \(index + 1) of \(total)) was not acknowledged: \(cause.sentence) The \(index) writes before it landed; the tag is "
                + (Set(states).count == 1
                    ? (states.first == true ? "protected" : "unprotected")
                    : "either protected or unprotected, depending on whether that write landed")
                + (mixed
                    ? "; its key pages may hold part of the old key and part of the new, and guard nothing while they do: run the key change again."
                    : "; no page is guarded by a partly written key.")
        case .verificationFailed(let expected, let read):
            "The access configuration read back as \(Self.describe(read)), not the \(Self.describe(expected)) just written."
        }
    }

    private static func describe(_ state: KeyAccessState) -> String {
        state.configurationPages.map { "\($0.name) \(Hex.encode($0.bytes))" }.joined(separator: ", ")
    }

    /// "the MIFARE Ultralight C's 3DES key": the chip and which of its keys guards pages.
    public static func keyName(_ model: TagModel?) -> String {
        switch model {
        case .ultralightC?: "the \(TagModel.ultralightC.displayName)'s 3DES key"
        case .ultralightAES?: "the \(TagModel.ultralightAES.displayName)'s AES-128 key (DataProtKey)"
        default: "the tag's 16-byte key"
        }
    }
}
