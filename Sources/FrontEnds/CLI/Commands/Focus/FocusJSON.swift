import Focus
import TapCardSupport

/// JSON shapes of the focus commands.
enum FocusJSON {
    static func session(_ session: FocusSession) -> JSON {
        var members: [(String, JSON)] = [
            ("started_at", ISOTime.json(session.startedAt)),
            ("started_by", tag(session.startedBy)),
            ("minimum_end", ISOTime.json(session.minimumEnd)),
            ("planned_end", ISOTime.json(session.plannedEnd)),
            ("ended_at", ISOTime.json(session.endedAt)),
            ("ended_by", session.ending.map { .string($0.kind) } ?? .null),
        ]
        if case .tag(let identity)? = session.ending { members.append(("ending_tag", tag(identity))) }
        if let endedAt = session.endedAt {
            members.append(("duration_seconds", seconds(session.elapsed(at: endedAt))))
        }
        return .object(members)
    }

    /// Seconds to the millisecond (the store's resolution), or null.
    static func seconds(_ value: Double?) -> JSON {
        value.map { .double(($0 * 1_000).rounded() / 1_000) } ?? .null
    }

    static func tag(_ identity: TagIdentity) -> JSON {
        .object([("uid", TagJSON.uid(bytes: identity.uid)), ("chip", TagJSON.chip(storeName: identity.chip))])
    }

    static func pairedTag(_ tag: PairedTag) -> JSON {
        .object([
            ("uid", TagJSON.uid(bytes: tag.identity.uid)), ("chip", TagJSON.chip(storeName: tag.identity.chip)),
            ("label", tag.label.map { .string($0) } ?? .null), ("location", tag.location.map { .string($0) } ?? .null),
            ("paired_at", ISOTime.json(tag.pairedAt)), ("signature", .string(tag.signature.rawValue)),
        ])
    }

    /// `{"check": agrees|jumped|different-boot|not-recorded, "jump_seconds": N|null, "statement": …|null}`.
    static func clock(_ check: ClockCheck) -> JSON {
        var jump: Double? = nil
        if case .jumped(let by) = check { jump = by }
        return .object([
            ("check", .string(check.kind)), ("jump_seconds", seconds(jump)),
            ("statement", check.sentence.map { .string($0) } ?? .null),
        ])
    }

    static func budget(_ budget: EmergencyBudget) -> JSON {
        .object([
            ("allowance", .int(budget.allowance)), ("period_seconds", .double(budget.period)),
            ("used", .int(budget.used)),
            ("remaining", .int(budget.remaining)), ("next_available_at", ISOTime.json(budget.nextAvailableAt)),
        ])
    }

    /// "tag (ntag213 04:…)", "timer", "emergency", or "" for a running session.
    static func how(_ session: FocusSession) -> String {
        switch session.ending {
        case .tag(let identity)?: "tag (\(identity))"
        case .timer?: "timer"
        case .emergency?: "emergency"
        case nil: ""
        }
    }
}
