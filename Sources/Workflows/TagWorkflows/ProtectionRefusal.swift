import TagCatalog
import TapCardSupport

/// A protection change TapCard refused before writing anything.
public enum ProtectionRefusal: TapCardError, Equatable {
    /// The chip has no password (NTAG203, MIFARE Ultralight).
    case noPasswordOnChip(model: TagModel?)
    /// The tag is protected (AUTH0 `firstProtectedPage`, or its configuration cannot be read):
    /// changing or removing protection needs its current password.
    case currentPasswordRequired(firstProtectedPage: Int?, configurationPage: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .noPasswordOnChip(let model?) where model.type2KeyCipher != nil:
            "\(model.withArticle.prefix(1).uppercased() + model.withArticle.dropFirst()) has no password (no PWD_AUTH): its pages are guarded by its 16-byte \(model.type2KeyCipher?.name ?? "") key ('protect --auth-key HEX32', 'unprotect --auth-key HEX32'). Nothing was written."
        case .noPasswordOnChip(let model):
            "\((model?.withArticle ?? "this chip").prefix(1).uppercased() + (model?.withArticle ?? "this chip").dropFirst()) has no password protection (no PWD_AUTH); nothing was written."
        case .currentPasswordRequired(let first?, _):
            "The tag is already protected (AUTH0 \(first): pages from \(first) on need its password). Changing or removing its protection needs its current password ('protect --current-password HEX8', 'unprotect --password HEX8'). Nothing was written."
        case .currentPasswordRequired(nil, let page):
            "The tag refuses to read its configuration (page \(page)) without its password: it is read-protected. Changing or removing its protection needs its current password ('protect --current-password HEX8', 'unprotect --password HEX8'). Nothing was written."
        }
    }
}
