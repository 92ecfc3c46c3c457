/// Makes a Type 2 tag permanently read-only: CC access byte 0x0F, then every dynamic lock bit
/// (with its block-locking bits, on a chip whose lock-bit map the catalog has), then the static
/// lock bytes (which also freeze the CC), then, on chips with configuration
/// pages (NTAG21x, Ultralight EV1), CFGLCK (ACCESS bit 6), so that nobody can later set a
/// password that would make the locked tag unreadable. Irreversible: callers must hold an
/// explicit confirmation before sending it.
///
/// nfcpy `tt2.py` `_protect_with_lockbits` uses the same steps. The order keeps the tag honest
/// on a tear: once the CC says read-only every reader treats it so, and the lock bits follow;
/// CFGLCK comes last, so a chip that refuses it (configuration behind a password) still ends
/// with every data page locked. It is planned whenever the ACCESS page was read; when AUTH0 puts
/// any planned page behind the password, the workflow refuses the whole plan before its first
/// write unless the tag was authenticated, so the CC is never made read-only by a lock that
/// cannot finish.
public struct Type2LockPlan: Sendable, Equatable {
    public var writes: [PageWrite]

    /// CFGLCK: bit 6 of the ACCESS byte (CFG1 byte 0).
    public static let accessCFGLCK: UInt8 = 0x40

    public static func make(snapshot: Type2Snapshot) throws(Type2PlanError) -> Type2LockPlan {
        guard let cc = snapshot.cc, cc.isNDEFFormatted else { throw .notFormatted }
        guard snapshot.memory.count >= 16 else { throw .memoryNotRead(upTo: 16) }
        var writes: [PageWrite] = []
        if cc.bytes[3] != CapabilityContainer.accessReadOnly {
            guard snapshot.isLocked(page: 3) != true else { throw .pageLocked(page: 3) }
            var bytes = cc.bytes
            bytes[3] |= CapabilityContainer.accessReadOnly
            writes.append(PageWrite(page: 3, bytes: bytes, role: .capabilityContainer))
        }
        if let map = snapshot.chipLockMap, let userPages = snapshot.model?.type2Layout?.userPages {
            // A known chip: its catalog map says where each bit is. Every lock bit over the user
            // memory, and the block-locking bits that freeze only those, as nfcpy's
            // `_protect_with_lockbits` sets them and as the emulator's `makeReadOnly` does; setting
            // the block-locking bits too keeps the plan right on chips whose block-locking bits
            // sit among the lock bits (NTAG203, Ultralight C) whichever way the datasheet figure
            // is read.
            guard let current = snapshot.page(map.page) else {
                throw .memoryNotRead(upTo: Type2Page.byteRange(ofPage: map.page).upperBound)
            }
            let lockBits = map.lockBits.indices.filter { userPages.contains(map.lockBits[$0].pages.lowerBound) }
            let positions =
                lockBits.map { map.lockBits[$0].position }
                + map.blockBits.filter { Set($0.freezes).isSubset(of: lockBits) }.map(\.position)
            var bytes = current
            for position in positions { bytes[position.byte] |= position.mask }
            if bytes != current { writes.append(PageWrite(page: map.page, bytes: bytes, role: .lockBits)) }
        } else if let area = snapshot.dynamicLockArea {
            let firstPage = Type2Page.page(ofByte: area.byteAddress)
            let lastPage = Type2Page.page(ofByte: area.byteRange.upperBound - 1)
            for page in firstPage...lastPage {
                guard let current = snapshot.page(page) else {
                    throw .memoryNotRead(upTo: Type2Page.byteRange(ofPage: page).upperBound)
                }
                var bytes = current
                for bit in 0..<area.lockBits {
                    let address = area.byteAddress + bit / 8
                    if Type2Page.page(ofByte: address) == page {
                        bytes[address % Type2Page.size] |= 1 << UInt8(bit % 8)
                    }
                }
                if bytes != current { writes.append(PageWrite(page: page, bytes: bytes, role: .lockBits)) }
            }
        }
        var page2 = Array(snapshot.memory[8..<12])
        if page2[2] != 0xFF || page2[3] != 0xFF {
            page2[2] = 0xFF
            page2[3] = 0xFF
            writes.append(PageWrite(page: 2, bytes: page2, role: .lockBits))
        }
        if let configPage = snapshot.model?.type2Layout?.configPage, let cfg0 = snapshot.page(configPage),
            let access = snapshot.page(configPage + 1), cfg0.count == 4, access[0] & Self.accessCFGLCK == 0
        {
            var bytes = access
            bytes[0] |= Self.accessCFGLCK
            writes.append(PageWrite(page: configPage + 1, bytes: bytes, role: .configurationLock))
        }
        return Type2LockPlan(writes: writes)
    }
}
