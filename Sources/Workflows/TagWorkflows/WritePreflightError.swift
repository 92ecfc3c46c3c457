import TagCatalog
import TapCardSupport

/// A write TapCard refused before sending a single write command: the tag is untouched.
public enum WritePreflightError: TapCardError, Equatable {
    /// The tag's CC denies writing (made read-only, access byte 0x0F).
    case readOnly
    /// The message needs `needed` bytes; the tag holds at most `capacity`, a figure whose
    /// `source` says whether the tag reported it or a model default was assumed.
    case tooBig(needed: Int, capacity: Int, source: CapacitySource)
    /// The tag has no NDEF Capability Container.
    case notFormatted
    /// A page the write must change is locked by a lock bit although the CC still allows writing.
    case pageLocked(page: Int)
    /// Pages the operation must write need the tag's password, and none was given (or the tag
    /// was not authenticated). `firstProtectedPage` is AUTH0 when `exact`; otherwise the first
    /// page not known to be free (the tag refused to read its configuration).
    case passwordRequired(pages: [Int], firstProtectedPage: Int, exact: Bool, protectsReads: Bool)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .readOnly:
            return "The tag is read-only (its Capability Container denies writing); nothing was written."
        case .tooBig(let needed, let capacity, let source):
            let figure =
                source == .reported
                ? "this tag holds at most \(capacity) bytes (reported by its Capability Container and TLVs)"
                : "assuming the model default, the tag holds at most \(capacity) bytes"
            return
                "The message is \(needed) bytes but \(figure); it is \(needed - capacity) \(needed - capacity == 1 ? "byte" : "bytes") too big. Nothing was written."
        case .notFormatted:
            return "The tag is not NDEF-formatted; run 'format' first. Nothing was written."
        case .pageLocked(let page):
            return "Page \(page), which the message must change, is locked by the tag's lock bits; nothing was written."
        case .passwordRequired(let pages, let first, let exact, let reads):
            let which = PageList.phrase(pages)
            let rule =
                exact
                ? "AUTH0 is \(first): every page from \(first) on needs the password to be written"
                    + (reads ? ", and to be read (PROT 1)" : "")
                : "the tag refuses to read its configuration without the password, so pages from \(first) on may need it"
            return
                "\(which.prefix(1).uppercased() + which.dropFirst()), which this operation must write, \(pages.count == 1 ? "needs" : "need") the tag's password: \(rule). Give the password (--password HEX8); nothing was written."
        }
    }
}
