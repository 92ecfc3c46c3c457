/// Makes a Type 5 tag read-only for good (shared/reference/type4-type5-ntag424.md §3.3: read-only
/// = CC write bits 11, or the NDEF TLV's blocks locked; AOSP `rw_i93.cc` set-read-only writes the
/// CC then locks blocks).
///
/// Order, and why:
/// 1. the CC block with write access 11 — from here every reader treats the tag as read-only; the
///    only step that is not permanent on its own (skipped when the CC says 11 already);
/// 2. LOCK BLOCK of every block the NDEF TLV covers, ascending — permanent;
/// 3. LOCK BLOCK of the CC block(s) last — permanent, and it must come after step 1 (a locked block
///    cannot be written) and after step 2 (once the CC is frozen an interruption cannot leave
///    a CC that still promises writability over blocks that were locked).
/// Blocks already locked are not locked again (the tag would answer error 11). LOCK BLOCK is only
/// planned when the CC's LOCK BLOCK bit or the catalog says the chip takes it; otherwise the plan is
/// step 1 alone and ``isPermanent`` is false.
public struct Type5LockPlan: Sendable, Hashable {
    public var steps: [Type5LockStep]
    /// True when the plan locks blocks (the change can never be undone).
    public var isPermanent: Bool

    public static func make(snapshot: Type5Snapshot) -> Result<Type5LockPlan, Type5PlanError> {
        let cc: Type5CapabilityContainer
        switch snapshot.capabilityContainer {
        case .success(let parsed): cc = parsed
        case .failure(.noMagic(let bytes)): return .failure(.notFormatted(blockZero: bytes))
        case .failure(let error): return .failure(.unreadableCC(error))
        }
        let size = snapshot.blockSize
        let extended = cc.usesExtendedCommands
        let ccBlocks = Array(0...((cc.length - 1) / size))
        var steps: [Type5LockStep] = []
        if cc.writeAccess != .readOnly {
            guard snapshot.blockSecurity[0] != true else { return .failure(.blockLocked(block: 0)) }
            guard var block = snapshot.block(0) else {
                return .failure(.memoryNotRead(read: snapshot.memory.count, needed: size))
            }
            block[1] |= 0x03
            steps.append(
                .writeCapabilityContainer(
                    Type5BlockWrite(block: 0, bytes: block, role: .capabilityContainer, extended: false)))
        }
        let canLock = cc.features.contains(.lockBlock) || snapshot.model?.type5?.supportsLockBlock == true
        if canLock {
            let data = snapshot.ndefBlocks.map { Array($0) } ?? []
            for block in data where !ccBlocks.contains(block) && snapshot.blockSecurity[block] != true {
                steps.append(.lockDataBlock(block, extended: extended))
            }
            for block in ccBlocks where snapshot.blockSecurity[block] != true {
                steps.append(.lockCapabilityContainerBlock(block, extended: extended))
            }
        }
        return .success(Type5LockPlan(steps: steps, isPermanent: canLock))
    }
}
