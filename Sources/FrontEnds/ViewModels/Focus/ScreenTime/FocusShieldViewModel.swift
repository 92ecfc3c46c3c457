import Focus
import Foundation
import Observation

/// Decides what the phone blocks: shields up when a focus session starts (from the app, a
/// Shortcut or a link — every start goes through `FocusViewModel`), down on every kind of end
/// (the paired tag, the planned end, the emergency exit), and a plain sentence — recorded as a
/// `ShieldEvent` — whenever Screen Time does not block what the person chose.
///
/// It follows the session through ``sync(with:at:)``, which `FocusViewModel` calls after every
/// action and refresh, so a session ended by its timer while the app was closed is lowered at the
/// next refresh. Screen Time itself sits behind `ScreenTimeShield`.
@MainActor
@Observable
public final class FocusShieldViewModel {
    /// What the device owner allows TapCard, as of the last sync.
    public private(set) var authorization: ShieldAuthorization
    /// What the state is: selection, shields up or down, events.
    public private(set) var record: ShieldRecord
    /// The last thing worth telling the person (an event's sentence or a failure), `nil` after a
    /// quiet sync.
    public private(set) var notice: String?

    @ObservationIgnored private let shield: any ScreenTimeShield
    @ObservationIgnored private let save: (ShieldRecord) -> Void
    @ObservationIgnored private var lastStatus: FocusStatus?
    @ObservationIgnored private let clock: () -> Date

    public init(
        shield: any ScreenTimeShield, record: ShieldRecord = ShieldRecord(),
        save: @escaping (ShieldRecord) -> Void = { _ in }, clock: @escaping () -> Date = Date.init
    ) {
        self.shield = shield
        self.record = record
        self.save = save
        self.clock = clock
        authorization = shield.authorization
    }

    /// True while TapCard's shields are up.
    public var isShielding: Bool { record.raised }

    /// The events, newest first (for the screen).
    public var events: [ShieldEvent] { record.events.reversed() }

    /// "Sessions block 3 apps and 1 category." — what the next session blocks.
    public var selectionText: String {
        guard let selection = record.selection, !selection.isEmpty else {
            return "No apps are chosen: a focus session blocks nothing."
        }
        var text = "Sessions block \(selection.summary)."
        if let next = record.nextSelection {
            text += " From the next session: \(next.summary)."
        }
        return text
    }

    /// Asks for Screen Time access; with a session running and apps chosen, shields go up at once.
    public func authorize() async {
        do throws(ShieldFailure) {
            try await shield.authorize()
        } catch {
            notice = error.sentence
        }
        if let lastStatus { sync(with: lastStatus, at: clock()) } else { authorization = shield.authorization }
    }

    /// The person chose what to block. During a shielded session the choice waits for the next
    /// session: blocking less must not be a way out of this one.
    public func choose(_ selection: ShieldSelection) {
        if record.raised, lastStatus?.phase == .active {
            record.nextSelection = selection
            notice =
                "Your choice (\(selection.summary)) applies from the next session; this one keeps blocking \(record.selection?.summary ?? "what it started with")."
            save(record)
            return
        }
        record.selection = selection
        record.nextSelection = nil
        notice = nil
        save(record)
        if let lastStatus { sync(with: lastStatus, at: clock()) }
    }

    /// Brings the shields in line with `status` (the focus session as stored).
    public func sync(with status: FocusStatus, at now: Date) {
        lastStatus = status
        let access = shield.authorization
        authorization = access
        if access == .approved { record.lastApproved = now }
        if status.phase == .active, let session = status.session {
            let isNew = record.session != session.startedAt
            if isNew {
                record.session = session.startedAt
                record.revocationNoted = false
                if let next = record.nextSelection {
                    record.selection = next
                    record.nextSelection = nil
                }
            }
            if record.raised {
                if access != .approved, !record.revocationNoted {
                    record.revocationNoted = true
                    log(
                        .accessTurnedOff, at: now,
                        "TapCard's Screen Time access was turned off during the focus session that started at \(DurationText.timestamp(session.startedAt)) (seen at \(DurationText.timestamp(now))): iOS lifted the shields. The session keeps running; allow TapCard again in Settings › Screen Time to block the apps again."
                    )
                } else if access == .approved, record.revocationNoted {
                    record.revocationNoted = false
                    raise(for: session, at: now, isNew: false)
                }
            } else if isNew || (access == .approved && !(record.selection?.isEmpty ?? true)) {
                raise(for: session, at: now, isNew: isNew)
            }
        } else if record.raised {
            shield.clear()
            record.raised = false
            log(.lowered, at: now, Self.lowered(status.session))
        }
        save(record)
    }

    private func raise(for session: FocusSession, at now: Date, isNew: Bool) {
        let start = DurationText.timestamp(session.startedAt)
        guard shield.authorization == .approved else {
            guard isNew else { return }
            let why =
                if let approved = record.lastApproved {
                    "TapCard's Screen Time access is off (it was on at \(DurationText.timestamp(approved)); it was turned off in Settings › Screen Time since)"
                } else {
                    "TapCard has no Screen Time access (allow it in Focus › Blocked apps)"
                }
            log(.notRaised, at: now, "The focus session that started at \(start) blocks nothing: \(why).")
            return
        }
        guard let selection = record.selection, !selection.isEmpty else {
            if isNew {
                log(
                    .notRaised, at: now,
                    "The focus session that started at \(start) blocks nothing: no apps are chosen (Focus › Blocked apps)."
                )
            }
            return
        }
        // Recorded before the shield goes up: a process killed in between lifts it later.
        record.raised = true
        save(record)
        do throws(ShieldFailure) {
            try shield.apply(selection)
            log(
                .raised, at: now, "Blocking \(selection.summary) until the focus session that started at \(start) ends."
            )
        } catch {
            record.raised = false
            shield.clear()
            log(.notRaised, at: now, "The focus session that started at \(start) blocks nothing: \(error.sentence)")
        }
    }

    static func lowered(_ session: FocusSession?) -> String {
        let how: String
        switch session?.ending {
        case .tag?: how = "your paired tag ended the focus session"
        case .timer?: how = "the focus session reached its planned end"
        case .emergency?: how = "the emergency exit ended the focus session"
        case nil: how = "no focus session is running"
        }
        let when = (session?.endedAt).map { " at \(DurationText.timestamp($0))" } ?? ""
        return "Apps unblocked: \(how)\(when)."
    }

    private func log(_ kind: ShieldEvent.Kind, at now: Date, _ sentence: String) {
        record.events.append(ShieldEvent(at: now, kind: kind, sentence: sentence))
        if record.events.count > ShieldRecord.eventLimit {
            record.events.removeFirst(record.events.count - ShieldRecord.eventLimit)
        }
        notice = sentence
    }
}
