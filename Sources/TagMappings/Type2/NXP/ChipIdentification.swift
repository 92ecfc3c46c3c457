import TagCatalog

/// Which chip a Type 2 tag is, and how TapCard knows.
public struct ChipIdentification: Sendable, Equatable {
    public enum Evidence: Sendable, Equatable {
        /// The tag answered GET_VERSION with these 8 bytes.
        case version([UInt8])
        /// GET_VERSION was refused; the model is a guess from the CC size ("assuming …").
        case noVersion(ccSize: UInt8?)
        /// Given by the caller (a virtual tag file names its model).
        case declared
    }

    /// The model, or `nil` when the evidence does not match a model TapCard knows.
    public var model: TagModel?
    public var evidence: Evidence

    public init(model: TagModel?, evidence: Evidence) {
        self.model = model
        self.evidence = evidence
    }

    /// True when the model was measured (GET_VERSION) or declared, not guessed.
    public var isCertain: Bool {
        if case .noVersion = evidence { return false }
        return model != nil
    }

    /// Interprets a GET_VERSION answer with the catalog's one rule
    /// (``/TagCatalog/TagModel/identified(byVersion:)``: vendor, product type and storage size, the
    /// subtype only for NTAG I2C), so NTAG213F/216F (subtype 01h) identify as their base chip and
    /// `info`, `watch` and `sim import` can never name the same tag differently.
    public static func fromVersion(_ version: [UInt8]) -> ChipIdentification {
        ChipIdentification(model: TagModel.identified(byVersion: version), evidence: .version(version))
    }

    /// The fallback when GET_VERSION is not supported, a guess from the CC size
    /// (``/TagCatalog/TagModel/assumed(withoutVersionCCSize:)``): NTAG203 declares a 144-byte data
    /// area (CC byte 2 = 12h); MIFARE Ultralight has 48 bytes (06h) or ships with a blank CC.
    public static func withoutVersion(ccSize: UInt8?) -> ChipIdentification {
        ChipIdentification(model: TagModel.assumed(withoutVersionCCSize: ccSize), evidence: .noVersion(ccSize: ccSize))
    }
}
