import Foundation

/// The focus state machine: idle → active → ended (→ active …), pure and clock-free.
///
/// Every operation takes `now` from the caller, so the machine never reads a clock, never runs a
/// timer, and can be rebuilt from stored timestamps after the process was killed or the device
/// rebooted. Refusals are thrown before anything changes: a refused operation leaves the machine
/// exactly as it was. Operations that change the state return what changed, so the caller can
/// record it.
public struct FocusMachine: Sendable, Equatable {
    public private(set) var profile: FocusProfile
    public private(set) var state: FocusState
    /// Every emergency exit ever used (the budget looks at the rolling window only).
    public private(set) var emergencyUses: [Date]

    public init(profile: FocusProfile, state: FocusState = .idle, emergencyUses: [Date] = []) {
        self.profile = profile
        self.state = state
        self.emergencyUses = emergencyUses
    }

    // MARK: Pairing

    /// Pairs a tag, or updates the label, location and signature result of one already paired.
    /// Refused while a session runs.
    @discardableResult
    public mutating func pair(_ tag: PairedTag) throws(FocusRefusal) -> PairingOutcome {
        guard state.activeSession == nil else { throw .pairingDuringSession }
        if let index = profile.pairedTags.firstIndex(where: { $0.identity == tag.identity }) {
            var updated = profile.pairedTags[index]
            updated.label = tag.label ?? updated.label
            updated.location = tag.location ?? updated.location
            if tag.signature != .notChecked { updated.signature = tag.signature }
            updated.sunSecured = tag.sunSecured
            profile.pairedTags[index] = updated
            return .updated(updated)
        }
        profile.pairedTags.append(tag)
        return .paired(tag)
    }

    /// Removes a paired tag. Refused while a session runs.
    public mutating func unpair(_ identity: TagIdentity) throws(FocusRefusal) {
        guard state.activeSession == nil else { throw .pairingDuringSession }
        guard let index = profile.pairedTags.firstIndex(where: { $0.identity == identity }) else {
            throw .notPaired(identity)
        }
        profile.pairedTags.remove(at: index)
    }

    /// Changes the default time rules for sessions started from now on.
    public mutating func setDefaults(_ plan: SessionPlan) throws(FocusRefusal) {
        let valid = try plan.validated()
        profile.minimumDuration = valid.minimumDuration
        profile.plannedDuration = valid.plannedDuration
    }

    /// Changes the emergency-exit allowance and window.
    public mutating func setEmergencyPolicy(_ policy: EmergencyPolicy) {
        profile.emergency = policy
    }

    // MARK: Time

    /// Closes an active session whose planned end has passed, with the planned end as its end
    /// time (not `now`: the session ended then, whether or not anyone was watching). Returns the
    /// session it closed. Call this before reading the state after a restart. With `monotonic`,
    /// a wall clock changed since the session started is judged by the time that really passed
    /// (`FocusSession.judgedTime(wall:monotonic:)`).
    @discardableResult
    public mutating func settle(at wall: Date, monotonic: MonotonicReading? = nil) -> FocusSession? {
        guard var session = state.activeSession else { return nil }
        let now = session.judgedTime(wall: wall, monotonic: monotonic).now
        guard session.isDue(at: now), let plannedEnd = session.plannedEnd else { return nil }
        session.endedAt = max(plannedEnd, session.startedAt)
        session.ending = .timer
        state = .ended(session)
        return session
    }

    /// The instant the running session (if any) is judged at, and what the clocks said.
    public func judgedTime(wall: Date, monotonic: MonotonicReading?) -> (now: Date, check: ClockCheck) {
        state.activeSession?.judgedTime(wall: wall, monotonic: monotonic) ?? (wall, .notRecorded)
    }

    // MARK: Taps

    /// A tap of `tag`: starts a session when none runs, ends the running one otherwise.
    ///
    /// - Only a paired tag (same UID and chip) is accepted, for starting and for ending, and only
    ///   when its originality signature is no worse than at pairing (`signature`: the tap's
    ///   verdict): a tag paired with a valid signature refuses a same-UID tag whose signature
    ///   does not verify (it looks like a clone). The tap never changes what pairing recorded.
    /// - An active session past its planned end is closed by the timer, and the tap only says so.
    /// - Ending before the minimum duration is refused with the time that remains.
    /// - `plan` overrides the profile's defaults for a session this tap starts; the profile's
    ///   emergency policy and `monotonic` are copied into it.
    /// - With `monotonic`, a running session is judged by the time that really passed.
    /// - A tag with the UID of a SUN-paired tag (an NTAG 424 DNA) is accepted only when `sun`
    ///   verified, for that UID, with a read counter above `lastSUNCounter` (the last accepted);
    ///   otherwise the refusal says which: no SUN (a UID clone), an invalid MAC (a copied or
    ///   edited URL), or a counter not above the last (a replay).
    public mutating func tap(
        _ tag: TagIdentity, signature: SignatureCheck = .notChecked, sun: SUNEvidence = .absent,
        lastSUNCounter: Int? = nil, at wall: Date, monotonic: MonotonicReading? = nil, plan: SessionPlan? = nil
    ) throws(FocusRefusal) -> TapOutcome {
        let now = judgedTime(wall: wall, monotonic: monotonic).now
        guard !profile.pairedTags.isEmpty else { throw .noPairedTag(profile: profile.name) }
        if let secured = profile.pairedTags.first(where: { $0.sunSecured && $0.identity.uid == tag.uid }) {
            let running = runningSince(at: now)
            switch sun {
            case .absent:
                throw .uidCloneOfSecureTag(tapped: tag, paired: secured, runningSince: running)
            case .invalid:
                throw .sunMacInvalid(tapped: tag, paired: secured, runningSince: running)
            case .verified(let uid, let counter):
                guard uid == tag.uid else { throw .sunMacInvalid(tapped: tag, paired: secured, runningSince: running) }
                // Another chip showing the paired tag's URL holds a copy, whatever its counter.
                guard tag.chip == secured.identity.chip else {
                    throw .uidCloneOfSecureTag(tapped: tag, paired: secured, runningSince: running)
                }
                if let last = lastSUNCounter, counter <= last {
                    throw .sunCounterNotIncreasing(
                        tapped: tag, paired: secured, counter: counter, lastAccepted: last, runningSince: running)
                }
            }
        }
        guard let paired = profile.pairedTag(tag) else {
            throw .notYourTag(tapped: tag, paired: profile.pairedTags, runningSince: runningSince(at: now))
        }
        if signature.isWorse(than: paired.signature) {
            throw .signatureWorseThanAtPairing(
                tapped: tag, paired: paired, signature: signature, runningSince: runningSince(at: now))
        }
        if let active = state.activeSession {
            if active.isDue(at: now), let closed = settle(at: wall, monotonic: monotonic) {
                return .endedByTimer(closed)
            }
            if let minimumEnd = active.minimumEnd, now < minimumEnd {
                throw .tooEarly(
                    minimum: minimumEnd.timeIntervalSince(active.startedAt),
                    remaining: minimumEnd.timeIntervalSince(now), minimumEnd: minimumEnd)
            }
            var ended = active
            ended.endedAt = max(now, active.startedAt)
            ended.ending = .tag(tag)
            state = .ended(ended)
            return .ended(ended)
        }
        let rules = try
            (plan
            ?? SessionPlan(
                minimumDuration: profile.minimumDuration, plannedDuration: profile.plannedDuration)).validated()
        let session = FocusSession(
            startedAt: wall, startedBy: tag,
            minimumEnd: rules.minimumDuration.map { wall.addingTimeInterval($0) },
            plannedEnd: rules.plannedDuration.map { wall.addingTimeInterval($0) }, emergency: profile.emergency,
            monotonicStart: monotonic)
        state = .active(session)
        return .started(session)
    }

    /// The start of the session still running at `now` (not past its planned end), if any.
    func runningSince(at now: Date) -> Date? {
        guard let active = state.activeSession, !active.isDue(at: now) else { return nil }
        return active.startedAt
    }

    // MARK: Emergency exit

    /// The emergency policy in force: the running session's own (copied at its start), else the
    /// profile's.
    public var emergencyPolicy: EmergencyPolicy {
        state.activeSession?.emergency ?? profile.emergency
    }

    /// The emergency budget at `now`, under `emergencyPolicy`.
    public func emergencyBudget(at now: Date) -> EmergencyBudget {
        emergencyPolicy.budget(uses: emergencyUses, at: now)
    }

    /// Ends the running session without the tag, using one exit of the rolling budget. Ignores
    /// the minimum duration (that is what an emergency is). Refused with no session running or
    /// with the budget spent (the refusal says when the next exit frees up). The budget is the
    /// one the session started with: raising the allowance mid-session grants nothing.
    public mutating func emergencyExit(at wall: Date, monotonic: MonotonicReading? = nil) throws(FocusRefusal)
        -> EmergencyOutcome
    {
        guard let active = state.activeSession else { throw .noActiveSession }
        let now = active.judgedTime(wall: wall, monotonic: monotonic).now
        if active.isDue(at: now), let closed = settle(at: wall, monotonic: monotonic) {
            return .endedByTimer(closed)
        }
        let policy = emergencyPolicy
        let before = policy.budget(uses: emergencyUses, at: now)
        guard before.remaining > 0 else { throw .emergencyExhausted(budget: before) }
        var ended = active
        ended.endedAt = max(now, active.startedAt)
        ended.ending = .emergency
        emergencyUses.append(now)
        state = .ended(ended)
        return .ended(ended, budget: policy.budget(uses: emergencyUses, at: now))
    }

    // MARK: Reading

    /// The snapshot at `wall`, as if `settle(at:monotonic:)` had run (a due session shows as
    /// ended by timer). With `monotonic`, a changed wall clock is reported and the running
    /// session's figures use the time that really passed.
    public func status(at wall: Date, monotonic: MonotonicReading? = nil) -> FocusStatus {
        let (now, clock) = judgedTime(wall: wall, monotonic: monotonic)
        var copy = self
        copy.settle(at: wall, monotonic: monotonic)
        let budget = copy.emergencyBudget(at: now)
        switch copy.state {
        case .idle:
            return FocusStatus(
                phase: .idle, session: nil, elapsed: nil, untilMinimum: nil, untilPlannedEnd: nil,
                emergency: budget, pairedTags: profile.pairedTags)
        case .active(let session):
            return FocusStatus(
                phase: .active, session: session, elapsed: session.elapsed(at: now),
                untilMinimum: session.minimumEnd.map { max(0, $0.timeIntervalSince(now)) },
                untilPlannedEnd: session.plannedEnd.map { max(0, $0.timeIntervalSince(now)) },
                emergency: budget, pairedTags: profile.pairedTags, clock: clock)
        case .ended(let session):
            return FocusStatus(
                phase: .ended, session: session, elapsed: session.elapsed(at: now), untilMinimum: nil,
                untilPlannedEnd: nil, emergency: budget, pairedTags: profile.pairedTags, clock: clock)
        }
    }
}
