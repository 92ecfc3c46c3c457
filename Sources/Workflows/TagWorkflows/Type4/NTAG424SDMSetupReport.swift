import SUN
import Type4

/// What `Type4Tag.setUpSDM(_:key:)` did and what the tag answers afterwards.
public struct NTAG424SDMSetupReport: Sendable, Equatable {
    /// One step of the setup, in the order sent.
    public enum Step: String, Sendable, Equatable, CaseIterable {
        /// WriteData of the template's NDEF file (NLEN 0, the record, NLEN last).
        case ndefFile = "ndef-file"
        /// ChangeFileSettings of the NDEF file: SDM on, the template's offsets.
        case fileSettings = "file-settings"
        /// SetConfiguration to LRP mode (an LRP template only): permanent, so sent last.
        case lrpMode = "lrp-mode"
    }

    public var uid: [UInt8]?
    /// The steps sent; a step already in place is skipped.
    public var steps: [Step]
    /// GetFileSettings of the NDEF file, read back after the setup.
    public var fileSettings: NTAG424FileSettings
    /// True when the read-back equals what the template calls for.
    public var verified: Bool
    /// One URL read off the tag after the setup, checked with the verifier a backend uses.
    public var tap: TapCheck

    /// What became of the URL read off the tag after the setup.
    public enum TapCheck: Sendable, Equatable {
        /// The URL verified. `needsTemplate`: only with the template (`sun verify --template`),
        /// its parameter names are not the standard ones.
        case verified(url: String, counter: Int, needsTemplate: Bool)
        /// The URL did not verify under the keys given (or no URL was read: `url` nil).
        case refused(url: String?, reason: SUNReason?, sentence: String)
        /// A static template (allowed explicitly): nothing to verify, the URL never changes.
        case staticURL(url: String?)
        /// The caller did not ask for the check.
        case notChecked

        /// True when the tag's URL verified.
        public var isVerified: Bool {
            if case .verified = self { return true }
            return false
        }
    }
}
