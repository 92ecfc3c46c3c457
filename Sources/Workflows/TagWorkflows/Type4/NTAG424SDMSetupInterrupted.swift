import TapCardSupport

/// An SDM setup that started and did not finish, with the state the tag is in. The keys are not
/// touched by a setup, so the tag stays usable with the key it had, and the same command, run
/// again, completes the setup.
public struct NTAG424SDMSetupInterrupted: TapCardError, Equatable {
    public var completed: [NTAG424SDMSetupReport.Step]
    public var failed: NTAG424SDMSetupReport.Step
    public var cause: Type4Failure

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let state: String
        switch failed {
        case .ndefFile:
            state =
                "the NDEF file holds the old message, an empty one or the new template (its length is written last); SDM is not on yet"
        case .fileSettings:
            state =
                "the NDEF file holds the new template; its settings are either the old ones or the new SDM settings"
        }
        return
            "The SDM setup stopped at \(failed.rawValue): \(cause.sentence) The keys are unchanged; \(state). Run the same command again to finish it."
    }
}
