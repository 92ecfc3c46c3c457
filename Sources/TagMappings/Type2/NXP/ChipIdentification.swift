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

    /// Interprets a GET_VERSION answer (NTAG213/215/216 datasheet table "GET_VERSION response";
    /// nfcpy `tt2_nxp.py` VERSION_MAP). Matches on vendor (byte 1), product type (byte 2),
    /// subtype for NTAG I2C (byte 3 = 0x05) and storage size (byte 6), so NTAG213F/216F
    /// (subtype 0x01) identify as their base chip.
    public static func fromVersion(_ version: [UInt8]) -> ChipIdentification {
        guard version.count == 8, version[1] == 0x04 else {
            return ChipIdentification(model: nil, evidence: .version(version))
        }
        let model: TagModel? =
            switch (version[2], version[3], version[6]) {
            case (0x04, 0x05, 0x13): .ntagI2C1k
            case (0x04, 0x05, 0x15): .ntagI2C2k
            case (0x04, _, 0x0B): .ntag210
            case (0x04, _, 0x0E): .ntag212
            case (0x04, _, 0x0F): .ntag213
            case (0x04, _, 0x11): .ntag215
            case (0x04, _, 0x13): .ntag216
            case (0x03, _, 0x0B): .ultralightEV1_48
            case (0x03, _, 0x0E): .ultralightEV1_128
            default: nil
            }
        return ChipIdentification(model: model, evidence: .version(version))
    }

    /// The fallback when GET_VERSION is not supported: NTAG203 declares a 144-byte data area
    /// (CC byte 2 = 0x12); MIFARE Ultralight has 48 bytes (0x06) or ships with a blank CC.
    public static func withoutVersion(ccSize: UInt8?) -> ChipIdentification {
        let model: TagModel? =
            switch ccSize {
            case 0x12: .ntag203
            case 0x00, 0x06, nil: .ultralight
            default: nil
            }
        return ChipIdentification(model: model, evidence: .noVersion(ccSize: ccSize))
    }
}
