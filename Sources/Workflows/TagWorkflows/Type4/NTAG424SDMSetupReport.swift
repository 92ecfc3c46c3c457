import Type4

/// What `Type4Tag.setUpSDM(_:key:)` did and what the tag answers afterwards.
public struct NTAG424SDMSetupReport: Sendable, Equatable {
    /// One step of the setup, in the order sent.
    public enum Step: String, Sendable, Equatable, CaseIterable {
        /// WriteData of the template's NDEF file (NLEN 0, the record, NLEN last).
        case ndefFile = "ndef-file"
        /// ChangeFileSettings of the NDEF file: SDM on, the template's offsets.
        case fileSettings = "file-settings"
    }

    public var uid: [UInt8]?
    /// The steps sent; a step already in place is skipped.
    public var steps: [Step]
    /// GetFileSettings of the NDEF file, read back after the setup.
    public var fileSettings: NTAG424FileSettings
    /// True when the read-back equals what the template calls for.
    public var verified: Bool
}
