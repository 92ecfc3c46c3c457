import Foundation

/// Stand-in for the Swift overlay's `enum NFCTag` (iOS 13). Real code switches over it with
/// `@unknown default`; this stand-in enum is not frozen either (library evolution is off on
/// Linux, so the compiler would call that default unreachable; see the adapter's comment).
public enum NFCTag {
    case feliCa(any NFCFeliCaTag)
    case iso7816(any NFCISO7816Tag)
    case iso15693(any NFCISO15693Tag)
    case miFare(any NFCMiFareTag)

    public var isAvailable: Bool {
        switch self {
        case .feliCa(let tag): tag.isAvailable
        case .iso7816(let tag): tag.isAvailable
        case .iso15693(let tag): tag.isAvailable
        case .miFare(let tag): tag.isAvailable
        }
    }
}
