/// The page writes that set, move or remove MIFARE Ultralight C's 3DES protection, or change its
/// key, in an order that a tear at any point leaves the tag unprotected or guarded by a key
/// someone knows — never by a half-written key.
///
/// AUTH0 is the switch, as on NTAG21x. Protecting writes AUTH1 first and AUTH0 last; removing
/// the protection writes AUTH0 = 30h only. Changing the key is its own plan: when the key pages
/// are guarded (AUTH0 ≤ 2Fh) the switch goes off first, then the four key pages are written,
/// then AUTH0 is put back, so a tear inside the key leaves the tag unprotected, not locked by a
/// mixture of two keys. The chip uses a newly written key only after the next RF reset or
/// re-activation (MF0ICU2 §7.5.7).
///
/// Roles reuse ``PageWrite/Role``: AUTH0 is ``PageWrite/Role/authenticationSwitch``, AUTH1
/// ``PageWrite/Role/accessConfiguration``, and the key pages ``PageWrite/Role/password``.
public struct UltralightCProtectPlan: Sendable, Equatable, KeyProtectPlanning {
    public var writes: [PageWrite]
    public var current: UltralightCAccess
    /// The configuration once every write landed.
    public var final: UltralightCAccess

    /// Plans guarding pages `firstPage`…2Fh (AUTH0), writes only or reads too (AUTH1 bit 0).
    public static func protect(firstPage: Int, protectsReads: Bool, current: UltralightCAccess)
        throws(Type2ProtectError) -> UltralightCProtectPlan
    {
        guard (UltralightCAccess.auth0Range.lowerBound...UltralightCAccess.lastPage).contains(firstPage) else {
            throw .firstPageOutOfRange(page: firstPage, lastPage: UltralightCAccess.lastPage)
        }
        var final = current
        var writes: [PageWrite] = []
        var auth1 = current.auth1 & ~UltralightCAccess.writeOnlyBit
        if !protectsReads { auth1 |= UltralightCAccess.writeOnlyBit }
        if auth1 != current.auth1 {
            final.auth1PageBytes[0] = auth1
            writes.append(
                PageWrite(page: UltralightCAccess.auth1Page, bytes: final.auth1PageBytes, role: .accessConfiguration))
        }
        if current.auth0 != firstPage {
            final.auth0PageBytes[0] = UInt8(firstPage)
            writes.append(
                PageWrite(page: UltralightCAccess.auth0Page, bytes: final.auth0PageBytes, role: .authenticationSwitch))
        }
        return UltralightCProtectPlan(writes: writes, current: current, final: final)
    }

    /// Plans removing the protection: AUTH0 = 30h (AUTH1 then means nothing and is left).
    public static func unprotect(current: UltralightCAccess) -> UltralightCProtectPlan {
        var final = current
        guard current.isProtected else { return UltralightCProtectPlan(writes: [], current: current, final: final) }
        final.auth0PageBytes[0] = UltralightCAccess.auth0Off
        return UltralightCProtectPlan(
            writes: [
                PageWrite(page: UltralightCAccess.auth0Page, bytes: final.auth0PageBytes, role: .authenticationSwitch)
            ],
            current: current, final: final)
    }

    /// Plans writing `key` to pages 2Ch–2Fh, with the switch off around it whenever the tag is
    /// protected (the caller has authenticated with the current key, as the key pages are
    /// guarded then).
    public static func changeKey(to key: UltralightCKey, current: UltralightCAccess) -> UltralightCProtectPlan {
        let guarded = current.isProtected
        var off = current.auth0PageBytes
        off[0] = UltralightCAccess.auth0Off
        var writes: [PageWrite] = []
        if guarded {
            writes.append(PageWrite(page: UltralightCAccess.auth0Page, bytes: off, role: .authenticationSwitch))
        }
        for (page, bytes) in zip(UltralightCAccess.keyPages, key.storedPages) {
            writes.append(PageWrite(page: page, bytes: bytes, role: .password))
        }
        if guarded {
            writes.append(
                PageWrite(page: UltralightCAccess.auth0Page, bytes: current.auth0PageBytes, role: .authenticationSwitch)
            )
        }
        return UltralightCProtectPlan(writes: writes, current: current, final: current)
    }

    /// Which key the tag's pages 2Ch–2Fh hold after some of a plan's writes.
    public enum KeyInEffect: String, Sendable, Equatable, CaseIterable {
        case previous
        case new
        /// Some key pages hold the new key, some the old: a tear inside ``changeKey(to:current:)``.
        /// The plan keeps the switch off meanwhile, so such a tag is never guarded by it.
        case mixed
    }

    /// The key the pages hold once the first `landed` writes landed (and none after).
    public func key(afterLanded landed: Int) -> KeyInEffect {
        switch writes.prefix(landed).filter({ $0.role == .password }).count {
        case 0: .previous
        case UltralightCAccess.keyPages.count: .new
        default: .mixed
        }
    }

    /// True when some page needs the authentication once the first `landed` writes landed.
    public func isProtected(afterLanded landed: Int) -> Bool {
        var auth0 = current.auth0
        for write in writes.prefix(landed) where write.role == .authenticationSwitch { auth0 = Int(write.bytes[0]) }
        return auth0 <= UltralightCAccess.lastPage
    }

    public var finalState: KeyAccessState { final.keyAccess }

    public func keyPagesMixed(afterLanded landed: Int) -> Bool { key(afterLanded: landed) == .mixed }
}
