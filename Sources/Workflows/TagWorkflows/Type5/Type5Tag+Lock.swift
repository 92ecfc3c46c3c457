import Type5

extension Type5Tag {
    /// Makes the tag read-only for good, with `confirmation` (nothing is sent without it):
    /// ``/Type5/Type5LockPlan`` over what was read and the block security statuses — the CC's
    /// write access 11, LOCK BLOCK of every block of the NDEF TLV, the CC block last — each step
    /// skipped when already in place. A carrier that cannot send GET SYSTEM INFO (a PC/SC
    /// storage-card interface) is taken to lack LOCK BLOCK too, and the lock is refused before the
    /// CC is changed. The CC and the statuses are read back afterwards to verify.
    ///
    /// Throws ``LockRefusal`` (no confirmation), ``Type5LockRefusal``, ``/Type5/Type5PlanError``,
    /// or ``Type5LockInterrupted`` naming the steps that landed.
    public func lock(confirmation: LockConfirmation?) async throws -> Type5LockReport {
        guard confirmation != nil else { throw LockRefusal.confirmationRequired }
        beginOperation()
        let identification = try await identify()
        var before = try await readSnapshot(identification, whole: false)
        let cc = try Self.capabilityContainer(of: before)
        let ccBlocks = (cc.length - 1) / before.blockSize
        let through = max(ccBlocks, before.ndefBlocks?.upperBound ?? 0)
        let security = try await readBlockSecurity(through: through, extended: cc.usesExtendedCommands)
        before.blockSecurity = security ?? [:]
        let plan = try Type5LockPlan.make(snapshot: before).get()
        let locksBlocks = plan.steps.contains { if case .writeCapabilityContainer = $0 { false } else { true } }
        if locksBlocks, identification.carrierIsRestricted {
            throw Type5LockRefusal.carrierCannotLock(reason: identification.systemInfoUnavailable ?? "unsupported")
        }
        var completed: [Type5LockStep] = []
        for step in plan.steps {
            do throws(Type5Failure) {
                _ = try await expectSuccess(step.request, block: step.block)
            } catch .refused(.refused(_, _, 0x11)) where step.isLock {
                // "Already locked": a rerun of a lock that stopped after this block's LOCK landed.
            } catch {
                throw Type5LockInterrupted(completed: completed, failed: step, total: plan.steps.count, cause: error)
            }
            completed.append(step)
        }
        blockZero = nil
        let after = try await readSnapshot(identification, whole: false)
        let afterCC = after.cc
        let afterThrough = max(ccBlocks, after.ndefBlocks?.upperBound ?? 0)
        let afterSecurity = try await readBlockSecurity(
            through: afterThrough, extended: afterCC?.usesExtendedCommands ?? false)
        var toLock = Array(0...ccBlocks)
        if plan.isPermanent, let blocks = before.ndefBlocks { toLock = Array(Set(toLock).union(blocks)).sorted() }
        return Type5LockReport(
            identification: identification, uid: uid, steps: plan.steps, isPermanent: plan.isPermanent,
            ccWriteAccess: afterCC?.writeAccess, blocksToLock: plan.isPermanent ? toLock : [],
            lockedBlocks: afterSecurity.map { $0.filter(\.value).map(\.key).sorted() }, statistics: takeStatistics())
    }
}

extension Type5Tag {
    /// The snapshot's CC, or the refusal a plan gives for a tag without one.
    static func capabilityContainer(of snapshot: Type5Snapshot) throws(Type5PlanError) -> Type5CapabilityContainer {
        switch snapshot.capabilityContainer {
        case .success(let cc): return cc
        case .failure(.noMagic(let bytes)): throw .notFormatted(blockZero: bytes)
        case .failure(let error): throw .unreadableCC(error)
        }
    }
}

extension Type5LockStep {
    /// True for a LOCK BLOCK step.
    var isLock: Bool {
        if case .writeCapabilityContainer = self { return false }
        return true
    }
}
