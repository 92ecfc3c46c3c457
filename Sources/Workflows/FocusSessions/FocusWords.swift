import Focus

/// The sentences the Focus screen and `tapcard focus` print for each outcome.
public enum FocusWords {
    public static func describe(_ outcome: TapOutcome) -> String {
        switch outcome {
        case .started(let session):
            var text = "Focus session started at \(DurationText.timestamp(session.startedAt))."
            if let minimumEnd = session.minimumEnd {
                text += " It can be ended by tag from \(DurationText.timestamp(minimumEnd))."
            }
            if let plannedEnd = session.plannedEnd {
                text += " It ends by itself at \(DurationText.timestamp(plannedEnd))."
            }
            return text + " Tap the same tag again to end it."
        case .ended(let session):
            return
                "Focus session ended by tag after \(DurationText.describe(session.elapsed(at: session.endedAt ?? session.startedAt), rounding: .down)) (started \(DurationText.timestamp(session.startedAt)))."
        case .endedByTimer(let session):
            return timerEnd(session) + " Tap again to start a new session."
        }
    }

    public static func describe(_ outcome: EmergencyOutcome) -> String {
        switch outcome {
        case .ended(let session, let budget):
            return
                "Focus session ended through the emergency exit after \(DurationText.describe(session.elapsed(at: session.endedAt ?? session.startedAt), rounding: .down)). \(budget.sentence)"
        case .endedByTimer(let session):
            return timerEnd(session) + " No emergency exit was used."
        }
    }

    public static func describe(_ outcome: PairingOutcome) -> String {
        switch outcome {
        case .paired(let tag):
            return "Paired \(tag.identity) (\(tag.whereabouts)). \(tag.signature.sentence)"
        case .updated(let tag):
            return "Updated \(tag.identity) (\(tag.whereabouts)). \(tag.signature.sentence)"
        }
    }

    static func timerEnd(_ session: FocusSession) -> String {
        let end = session.endedAt ?? session.startedAt
        return
            "This session already ended by itself at its planned end, \(DurationText.timestamp(end)), after \(DurationText.describe(session.elapsed(at: end), rounding: .down))."
    }
}
