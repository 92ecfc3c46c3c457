import Focus
import Foundation
import Store

/// Runs the focus state machine against the store: every operation loads the machine from the
/// stored timestamps, applies one input, and records what changed, all inside one write
/// transaction, so two taps at once are serialized and a killed process leaves the last
/// complete change. Nothing is kept between calls: the store is the state.
public final class FocusController {
    public let store: TapCardStore
    public let profileName: String
    /// Read once per operation: a session records it at its start, and a running session is
    /// judged by it when the wall clock was changed (`FocusSession.judgedTime(wall:monotonic:)`).
    /// `nil` (the default, for callers whose `now` is not the machine's clock): the wall clock
    /// only. The CLI passes `SystemMonotonicClock`.
    public let monotonicClock: (any MonotonicClock)?

    public init(store: TapCardStore, profile: String = "focus", monotonicClock: (any MonotonicClock)? = nil) {
        self.store = store
        self.profileName = profile
        self.monotonicClock = monotonicClock
    }

    /// The machine as stored (not settled: call an operation or `status` for that).
    public func load() throws(FocusFailure) -> FocusMachine {
        do throws(StoreError) {
            return try store.database.readTransaction(during: "loading the focus profile") { () throws(StoreError) in
                try loadInside()
            }
        } catch {
            throw .store(error)
        }
    }

    /// Pairs a tag (label, location and signature result are recorded with it).
    @discardableResult
    public func pair(
        _ identity: TagIdentity, label: String? = nil, location: String? = nil, signature: SignatureCheck = .notChecked,
        at now: Date
    ) throws(FocusFailure) -> PairingOutcome {
        try change(at: now, during: "pairing a tag") { machine throws(FocusFailure) in
            let outcome: PairingOutcome
            do throws(FocusRefusal) {
                outcome = try machine.pair(
                    PairedTag(identity: identity, label: label, location: location, pairedAt: now, signature: signature)
                )
            } catch {
                throw .refused(error)
            }
            let tag: PairedTag
            switch outcome {
            case .paired(let paired), .updated(let paired): tag = paired
            }
            try storeCall { () throws(StoreError) in
                try store.pairTag(
                    FocusRecordMapping.key(identity), profile: profileName, label: label, location: location,
                    signature: FocusRecordMapping.signature(tag.signature), at: now)
            }
            return outcome
        }
    }

    /// Removes a paired tag.
    public func unpair(_ identity: TagIdentity, at now: Date) throws(FocusFailure) {
        try change(at: now, during: "unpairing a tag") { machine throws(FocusFailure) in
            do throws(FocusRefusal) {
                try machine.unpair(identity)
            } catch {
                throw .refused(error)
            }
            try storeCall { () throws(StoreError) in
                try store.unpairTag(FocusRecordMapping.key(identity), profile: profileName)
            }
        }
    }

    /// Changes the profile's default session rules and emergency policy. Accepted while a
    /// session runs, but that session keeps the rules it started with: the result is `true` when
    /// one is running (the change applies from the next session).
    @discardableResult
    public func configure(plan: SessionPlan, emergency: EmergencyPolicy, at now: Date) throws(FocusFailure) -> Bool {
        try change(at: now, during: "saving focus settings") { machine throws(FocusFailure) in
            do throws(FocusRefusal) {
                try machine.setDefaults(plan)
            } catch {
                throw .refused(error)
            }
            machine.setEmergencyPolicy(emergency)
            let record = FocusRecordMapping.record(machine.profile)
            try storeCall { () throws(StoreError) in try store.saveProfile(record, at: now) }
            return machine.state.activeSession != nil
        }
    }

    /// A tap of `identity` whose originality signature read `signature`: start, end, or
    /// discover a timer end; refusals still record a timer end that was due. The pairing's
    /// recorded verdict is never changed by a tap.
    public func tap(
        _ identity: TagIdentity, signature: SignatureCheck = .notChecked, at now: Date, plan: SessionPlan? = nil
    ) throws(FocusFailure) -> TapOutcome {
        try change(at: now, during: "recording a tap", settlingFirst: false) {
            machine, monotonic throws(FocusFailure) in
            let outcome: TapOutcome
            do throws(FocusRefusal) {
                outcome = try machine.tap(identity, signature: signature, at: now, monotonic: monotonic, plan: plan)
            } catch {
                throw .refused(error)
            }
            try record(outcome)
            return outcome
        }
    }

    /// The emergency exit.
    public func emergencyExit(at now: Date) throws(FocusFailure) -> EmergencyOutcome {
        try change(at: now, during: "recording an emergency exit", settlingFirst: false) {
            machine, monotonic throws(FocusFailure) in
            let outcome: EmergencyOutcome
            do throws(FocusRefusal) {
                outcome = try machine.emergencyExit(at: now, monotonic: monotonic)
            } catch {
                throw .refused(error)
            }
            switch outcome {
            case .ended(let session, _), .endedByTimer(let session):
                try storeCall { () throws(StoreError) in
                    if let end = FocusRecordMapping.end(session) { try store.endSession(profile: profileName, end) }
                }
            }
            return outcome
        }
    }

    /// The status at `now`; a planned end that has passed is recorded as a timer end first.
    public func status(at now: Date) throws(FocusFailure) -> FocusStatus {
        try change(at: now, during: "reading the focus status") { machine, monotonic throws(FocusFailure) in
            machine.status(at: now, monotonic: monotonic)
        }
    }

    /// Past and current sessions, newest first.
    public func history(limit: Int = Int.max, at now: Date) throws(FocusFailure) -> [FocusSession] {
        _ = try status(at: now)
        return try storeCall { () throws(StoreError) in
            try store.sessions(profile: profileName, limit: limit).map(FocusRecordMapping.session)
        }
    }

    // MARK: Plumbing

    /// Loads the machine and runs `body` on it, all in one write transaction. With
    /// `settlingFirst`, a session past its planned end is closed (and recorded) before `body`
    /// runs; without it, `body` sees the due session (so a tap can say the timer ended it). A
    /// refusal thrown by `body` still commits a due timer end: that end happened.
    private func change<T>(
        at now: Date, during: String, settlingFirst: Bool = true,
        _ body: (inout FocusMachine) throws(FocusFailure) -> T
    ) throws(FocusFailure) -> T {
        try change(at: now, during: during, settlingFirst: settlingFirst) {
            machine, _ throws(FocusFailure) in try body(&machine)
        }
    }

    /// `change` with the monotonic reading taken for this operation.
    private func change<T>(
        at now: Date, during: String, settlingFirst: Bool = true,
        _ body: (inout FocusMachine, MonotonicReading?) throws(FocusFailure) -> T
    ) throws(FocusFailure) -> T {
        var outcome: Result<T, FocusFailure>? = nil
        let monotonic = monotonicClock?.reading()
        do throws(StoreError) {
            try store.database.transaction(during: during) { () throws(StoreError) in
                var machine = try loadInside()
                if settlingFirst { try settleAndRecord(&machine, at: now, monotonic: monotonic) }
                do throws(FocusFailure) {
                    outcome = .success(try body(&machine, monotonic))
                } catch {
                    if case .store(let storeError) = error { throw storeError }
                    outcome = .failure(error)
                    try settleAndRecord(&machine, at: now, monotonic: monotonic)
                }
            }
        } catch {
            throw .store(error)
        }
        switch outcome {
        case .success(let value)?: return value
        case .failure(let error)?: throw error
        case nil: throw .store(.missing(what: "result for \(during)"))
        }
    }

    private func settleAndRecord(
        _ machine: inout FocusMachine, at now: Date, monotonic: MonotonicReading?
    ) throws(StoreError) {
        if let closed = machine.settle(at: now, monotonic: monotonic), let end = FocusRecordMapping.end(closed) {
            try store.endSession(profile: profileName, end)
        }
    }

    private func loadInside() throws(StoreError) -> FocusMachine {
        let profile = try store.profile(named: profileName)
        let paired = try store.pairedTags(profile: profileName)
        let latest = try store.latestSession(profile: profileName)
        let uses = try store.emergencyUses(profile: profileName)
        return FocusMachine(
            profile: FocusRecordMapping.profile(profile, name: profileName, paired: paired),
            state: FocusRecordMapping.state(latest: latest), emergencyUses: uses)
    }

    private func record(_ outcome: TapOutcome) throws(FocusFailure) {
        try storeCall { () throws(StoreError) in
            switch outcome {
            case .started(let session):
                try store.startSession(FocusRecordMapping.start(session, profile: profileName))
            case .ended(let session), .endedByTimer(let session):
                if let end = FocusRecordMapping.end(session) { try store.endSession(profile: profileName, end) }
            }
        }
    }

    private func storeCall<T>(_ body: () throws(StoreError) -> T) throws(FocusFailure) -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
