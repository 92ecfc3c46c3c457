import Focus
import Foundation
import SUN
import Store
import Type4

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
    ///
    /// `sunURL` is the URL the tag's NDEF holds. When the tapped UID is that of a SUN-paired
    /// NTAG 424 DNA, it is verified with the stored keys, and a verified counter above the last
    /// accepted is recorded first by the store's guarded UPSERT (inside this tap's transaction),
    /// so two taps offering one counter cannot both pass; the machine then decides.
    public func tap(
        _ identity: TagIdentity, signature: SignatureCheck = .notChecked, sunURL: String? = nil, at now: Date,
        plan: SessionPlan? = nil
    ) throws(FocusFailure) -> TapOutcome {
        try change(at: now, during: "recording a tap", settlingFirst: false) {
            machine, monotonic throws(FocusFailure) in
            let (evidence, last) = try sunEvidence(for: identity, url: sunURL, in: machine, at: now)
            let outcome: TapOutcome
            do throws(FocusRefusal) {
                outcome = try machine.tap(
                    identity, signature: signature, sun: evidence, lastSUNCounter: last, at: now,
                    monotonic: monotonic, plan: plan)
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

    /// The status as ``status(at:)`` gives it, with nothing written: for a store opened for
    /// reading only (a read-only data directory). A session whose planned end has passed is shown
    /// ended by itself; the next command that can write records that end.
    public func statusWithoutRecording(at now: Date) throws(FocusFailure) -> FocusStatus {
        let monotonic = monotonicClock?.reading()
        return try storeCall { () throws(StoreError) in
            try store.database.readTransaction(during: "reading the focus status") { () throws(StoreError) in
                var machine = try loadInside()
                _ = machine.settle(at: now, monotonic: monotonic)
                return machine.status(at: now, monotonic: monotonic)
            }
        }
    }

    /// Past and current sessions, newest first, as ``history(limit:at:)`` gives them, with nothing
    /// written: a running session whose planned end has passed is shown ended, as
    /// ``statusWithoutRecording(at:)`` shows it.
    public func historyWithoutRecording(limit: Int = Int.max, at now: Date) throws(FocusFailure) -> [FocusSession] {
        let monotonic = monotonicClock?.reading()
        return try storeCall { () throws(StoreError) in
            try store.database.readTransaction(during: "reading the focus history") { () throws(StoreError) in
                var machine = try loadInside()
                var sessions = try store.sessions(profile: profileName, limit: limit).map(FocusRecordMapping.session)
                if let closed = machine.settle(at: now, monotonic: monotonic),
                    let index = sessions.firstIndex(where: { $0.isActive && $0.startedAt == closed.startedAt })
                {
                    sessions[index] = closed
                }
                return sessions
            }
        }
    }

    // MARK: SUN

    /// Stores the SUN keys of an NTAG 424 DNA being paired, before its keys are changed
    /// (`confirmed: false`), so a pairing that stops part-way can be completed with them.
    public func saveSUNKeys(_ keys: SUNKeyPair, for identity: TagIdentity, at now: Date) throws(FocusFailure) {
        try storeCall { () throws(StoreError) in
            try store.saveFocusSUNKeys(keys, for: FocusRecordMapping.key(identity), confirmed: false, at: now)
        }
    }

    /// The SUN keys stored for `identity`, confirmed or from a pairing in progress.
    public func storedSUNKeys(for identity: TagIdentity) throws(FocusFailure) -> SUNKeyPair? {
        try storeCall { () throws(StoreError) in try store.focusSUNKeys(for: FocusRecordMapping.key(identity))?.keys }
    }

    /// Pairs an NTAG 424 DNA as SUN-secured: `url` (read from the tag just now) must verify with
    /// `keys` for the tag's own UID; its counter becomes the last accepted, and the keys are
    /// stored, confirmed, with the pairing — all in one transaction.
    @discardableResult
    public func pairSecured(
        _ identity: TagIdentity, keys: SUNKeyPair, url: String, label: String? = nil, location: String? = nil,
        signature: SignatureCheck = .notChecked, at now: Date
    ) throws(FocusFailure) -> (outcome: PairingOutcome, counter: Int) {
        let verification: SUNVerification
        do throws(SUNError) {
            verification = try SUNVerifier.verify(url: url, metaKey: keys.metaKey, fileKey: keys.fileKey)
        } catch {
            throw .sun(error)
        }
        guard verification.uid == identity.uid else { throw .sunUIDMismatch }
        return try change(at: now, during: "pairing a secure tag") { machine throws(FocusFailure) in
            let outcome: PairingOutcome
            do throws(FocusRefusal) {
                outcome = try machine.pair(
                    PairedTag(
                        identity: identity, label: label, location: location, pairedAt: now, signature: signature,
                        sunSecured: true))
            } catch {
                throw .refused(error)
            }
            let key = FocusRecordMapping.key(identity)
            let tag: PairedTag
            switch outcome {
            case .paired(let paired), .updated(let paired): tag = paired
            }
            try storeCall { () throws(StoreError) in
                try store.saveFocusSUNKeys(keys, for: key, confirmed: true, at: now)
                _ = try store.acceptSUNCounter(verification.counter, uid: identity.uid, at: now)
                try store.pairTag(
                    key, profile: profileName, label: label, location: location,
                    signature: FocusRecordMapping.signature(tag.signature), at: now, sunSecured: true)
            }
            return (outcome, verification.counter)
        }
    }

    /// The SUN evidence of a tap and the last counter the machine compares it with. Only for a
    /// UID of a SUN-paired tag; a verified counter above the last is recorded here (guarded).
    private func sunEvidence(
        for identity: TagIdentity, url: String?, in machine: FocusMachine, at now: Date
    ) throws(FocusFailure) -> (SUNEvidence, Int?) {
        guard
            let secured = machine.profile.pairedTags.first(where: { $0.sunSecured && $0.identity.uid == identity.uid }),
            let keys = try storeCall({ () throws(StoreError) in
                try store.focusSUNKeys(for: FocusRecordMapping.key(secured.identity))?.keys
            })
        else { return (.absent, nil) }
        var last = try storeCall { () throws(StoreError) in try store.lastSUNCounter(uid: identity.uid) }
        guard let url else { return (.absent, last) }
        let verification: SUNVerification
        do throws(SUNError) {
            verification = try SUNVerifier.verify(url: url, metaKey: keys.metaKey, fileKey: keys.fileKey)
        } catch {
            return (error.reason == .malformedURL ? .absent : .invalid, last)
        }
        if verification.uid == identity.uid, identity.chip == secured.identity.chip, verification.counter > (last ?? -1)
        {
            let acceptance = try storeCall { () throws(StoreError) in
                try store.acceptSUNCounter(verification.counter, uid: identity.uid, at: now)
            }
            switch acceptance {
            case .accepted(let previous): last = previous
            case .refused(let lastAccepted): last = lastAccepted
            }
        }
        return (.verified(uid: verification.uid, counter: verification.counter), last)
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
