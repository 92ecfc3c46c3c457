import TapCardSupport

/// An SDM setup that started and did not finish, with the state the tag is in. The keys are not
/// touched by a setup, so the tag stays usable with the key it had, and the same command, run
/// again, completes the setup.
public struct NTAG424SDMSetupInterrupted: TapCardError, Equatable {
    public var completed: [NTAG424SDMSetupReport.Step]
    public var failed: NTAG424SDMSetupReport.Step
    public var cause: Type4Failure

    public var origin: ErrorOrigin { cause.origin }

    /// What the tag holds after the failed step, as a clause.
    public var tagState: String {
        switch failed {
        case .ndefFile:
            "the NDEF file holds the old message, an empty one or the new template (its length is written last); SDM is not on yet"
        case .fileSettings:
            "the NDEF file holds the new template; its settings are either the old ones or the new SDM settings"
        case .lrpMode:
            "the NDEF file and its SDM settings are in place; the tag is either still in AES mode (then the same setup finishes it) or in LRP mode for good (then AES authentication is refused with 91 9D, and the tag's URLs verify as LRP)"
        }
    }

    public var sentence: String {
        "The SDM setup stopped at \(failed.rawValue): \(cause.sentence) The keys are unchanged; \(tagState). Run the same command again to finish it."
    }
}
