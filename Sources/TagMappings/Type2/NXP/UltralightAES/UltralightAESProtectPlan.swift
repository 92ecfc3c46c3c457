import TagCatalog

/// The page writes that set, move or remove MIFARE Ultralight AES's key protection, or change
/// its DataProtKey, in an order that a tear at any point leaves the tag unprotected or guarded
/// by a key someone knows — never by a half-written key.
///
/// AUTH0 (CFG byte 3) is the switch, as on the Ultralight C. Protecting writes ACCESS (PROT)
/// first and CFG (AUTH0) last; removing the protection writes CFG with AUTH0 = 3Ch only.
/// Changing the key writes pages 30h–33h only while AUTH0 guards none of them: on a protected tag
/// AUTH0 goes off first and back last (the key pages are plain-writable only while AUTH0 > 3Bh,
/// per the Flipper QA plan). A tag whose configuration is locked (CFGLCK) is refused.
///
/// Roles reuse ``PageWrite/Role``: CFG is ``PageWrite/Role/authenticationSwitch``, ACCESS
/// ``PageWrite/Role/accessConfiguration``, and the key pages ``PageWrite/Role/password``.
public struct UltralightAESProtectPlan: Sendable, Equatable, KeyProtectPlanning {
    public var writes: [PageWrite]
    public var current: UltralightAESAccess
    /// The configuration once every write landed.
    public var final: UltralightAESAccess

    public var finalState: KeyAccessState { final.keyAccess }

    private static func switchWrite(_ bytes: [UInt8]) -> PageWrite {
        PageWrite(page: UltralightAESAccess.configurationPage, bytes: bytes, role: .authenticationSwitch)
    }

    private static func withAUTH0(_ page: [UInt8], _ auth0: UInt8) -> [UInt8] {
        var bytes = page
        bytes[3] = auth0
        return bytes
    }

    /// Plans guarding pages `firstPage`…3Bh (AUTH0), writes only or reads too (PROT).
    public static func protect(firstPage: Int, protectsReads: Bool, current: UltralightAESAccess)
        throws(Type2ProtectError) -> UltralightAESProtectPlan
    {
        guard (UltralightAESFacts.firstGuardablePage...UltralightAESAccess.lastPage).contains(firstPage) else {
            throw .firstPageOutOfRange(page: firstPage, lastPage: UltralightAESAccess.lastPage)
        }
        var final = current
        var writes: [PageWrite] = []
        var access = current.accessPageBytes
        access[0] =
            protectsReads
            ? access[0] | UltralightAESFacts.protectReadsBit : access[0] & ~UltralightAESFacts.protectReadsBit
        if access != current.accessPageBytes || current.auth0 != firstPage {
            guard !current.configurationLocked else { throw .configurationLocked(auth0: current.auth0) }
        }
        if access != current.accessPageBytes {
            final.accessPageBytes = access
            writes.append(
                PageWrite(page: UltralightAESAccess.accessPage, bytes: access, role: .accessConfiguration))
        }
        if current.auth0 != firstPage {
            final.configurationPageBytes = withAUTH0(current.configurationPageBytes, UInt8(firstPage))
            writes.append(switchWrite(final.configurationPageBytes))
        }
        return UltralightAESProtectPlan(writes: writes, current: current, final: final)
    }

    /// Plans removing the protection: AUTH0 = 3Ch (PROT then means nothing and is left).
    public static func unprotect(current: UltralightAESAccess) throws(Type2ProtectError) -> UltralightAESProtectPlan {
        var final = current
        guard current.isProtected else { return UltralightAESProtectPlan(writes: [], current: current, final: final) }
        guard !current.configurationLocked else { throw .configurationLocked(auth0: current.auth0) }
        final.configurationPageBytes = withAUTH0(current.configurationPageBytes, UltralightAESAccess.auth0Off)
        return UltralightAESProtectPlan(
            writes: [switchWrite(final.configurationPageBytes)], current: current, final: final)
    }

    /// Plans writing `key` (cipher order) to pages 30h–33h, the switch off around it whenever the
    /// tag is protected (the caller has authenticated with the current key then).
    public static func changeKey(to key: Type2AuthenticationKey, current: UltralightAESAccess)
        throws(Type2ProtectError) -> UltralightAESProtectPlan
    {
        let guarded = current.isProtected
        if guarded, current.configurationLocked { throw .configurationLocked(auth0: current.auth0) }
        var writes: [PageWrite] = []
        if guarded {
            writes.append(switchWrite(withAUTH0(current.configurationPageBytes, UltralightAESAccess.auth0Off)))
        }
        for (page, bytes) in zip(UltralightAESAccess.keyPages, UltralightAESAccess.storedPages(of: key)) {
            writes.append(PageWrite(page: page, bytes: bytes, role: .password))
        }
        if guarded { writes.append(switchWrite(current.configurationPageBytes)) }
        return UltralightAESProtectPlan(writes: writes, current: current, final: current)
    }

    /// True when some key pages, not all, were written once the first `landed` writes landed.
    public func keyPagesMixed(afterLanded landed: Int) -> Bool {
        let count = writes.prefix(landed).filter { $0.role == .password }.count
        return count > 0 && count < UltralightAESAccess.keyPages.count
    }

    /// True when some page needs the key once the first `landed` writes landed.
    public func isProtected(afterLanded landed: Int) -> Bool {
        var auth0 = current.auth0
        for write in writes.prefix(landed) where write.role == .authenticationSwitch { auth0 = Int(write.bytes[3]) }
        return auth0 <= UltralightAESAccess.lastPage
    }
}
