import Focus
import Foundation
import Store

/// Translates between the focus state machine's values and the store's plain records. The store
/// is a lower layer and knows nothing of `Focus`; this is the one place the two meet.
public enum FocusRecordMapping {
    public static func key(_ identity: TagIdentity) -> TagKey {
        TagKey(uid: identity.uid, chip: identity.chip)
    }

    public static func identity(_ key: TagKey) -> TagIdentity {
        TagIdentity(uid: key.uid, chip: key.chip)
    }

    public static func signature(_ check: SignatureCheck) -> SignatureRecord? {
        check == .notChecked ? nil : SignatureRecord(rawValue: check.rawValue)
    }

    public static func signature(_ record: SignatureRecord?) -> SignatureCheck {
        record.flatMap { SignatureCheck(rawValue: $0.rawValue) } ?? .notChecked
    }

    public static func pairedTag(_ record: PairedTagRecord) -> PairedTag {
        PairedTag(
            identity: identity(record.tag.key), label: record.tag.label, location: record.tag.location,
            pairedAt: record.pairedAt, signature: signature(record.signature ?? record.tag.signature),
            sunSecured: record.sunSecured)
    }

    public static func profile(_ record: FocusProfileRecord?, name: String, paired: [PairedTagRecord]) -> FocusProfile {
        let record = record ?? FocusProfileRecord(name: name)
        return FocusProfile(
            name: name, pairedTags: paired.map(pairedTag), minimumDuration: record.minimumDuration,
            plannedDuration: record.plannedDuration,
            emergency: EmergencyPolicy(allowance: record.emergencyAllowance, period: record.emergencyPeriod))
    }

    public static func record(_ profile: FocusProfile) -> FocusProfileRecord {
        FocusProfileRecord(
            name: profile.name, minimumDuration: profile.minimumDuration, plannedDuration: profile.plannedDuration,
            emergencyAllowance: profile.emergency.allowance, emergencyPeriod: profile.emergency.period)
    }

    public static func session(_ record: SessionRecord) -> FocusSession {
        let ending: SessionEnding? =
            switch record.endReason {
            case .tag?: .tag(identity(record.endedBy ?? record.startedBy))
            case .timer?: .timer
            case .emergency?: .emergency
            case nil: nil
            }
        let emergency: EmergencyPolicy? =
            if let allowance = record.emergencyAllowance, let period = record.emergencyPeriod {
                EmergencyPolicy(allowance: allowance, period: period)
            } else {
                nil
            }
        let monotonic: MonotonicReading? =
            if let bootID = record.bootID, let sinceBoot = record.sinceBoot {
                MonotonicReading(bootID: bootID, sinceBoot: sinceBoot)
            } else {
                nil
            }
        return FocusSession(
            startedAt: record.startedAt, startedBy: identity(record.startedBy), minimumEnd: record.minimumEnd,
            plannedEnd: record.plannedEnd, endedAt: record.endedAt, ending: ending, emergency: emergency,
            monotonicStart: monotonic)
    }

    public static func state(latest: SessionRecord?) -> FocusState {
        guard let latest else { return .idle }
        let session = session(latest)
        return session.isActive ? .active(session) : .ended(session)
    }

    public static func end(_ session: FocusSession) -> SessionEnd? {
        guard let endedAt = session.endedAt, let ending = session.ending else { return nil }
        switch ending {
        case .tag(let tag): return SessionEnd(at: endedAt, reason: .tag, by: key(tag))
        case .timer: return SessionEnd(at: endedAt, reason: .timer)
        case .emergency: return SessionEnd(at: endedAt, reason: .emergency)
        }
    }

    public static func start(_ session: FocusSession, profile: String) -> SessionStart {
        SessionStart(
            profile: profile, tag: key(session.startedBy), at: session.startedAt, minimumEnd: session.minimumEnd,
            plannedEnd: session.plannedEnd, emergencyAllowance: session.emergency?.allowance,
            emergencyPeriod: session.emergency?.period, bootID: session.monotonicStart?.bootID,
            sinceBoot: session.monotonicStart?.sinceBoot)
    }
}
