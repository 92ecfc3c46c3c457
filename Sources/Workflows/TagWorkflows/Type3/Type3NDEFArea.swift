import Type3

/// What a Type 3 card's NDEF service holds, as TapCard decides it: first by polling for the NDEF
/// system code 12FC (a FeliCa Lite-S answers it only while MC SYS_OP bit 0 is set, the flag nfcpy
/// `FelicaLite._format` sets "so the card answers 12FC"; iOS and Android look for NDEF on 12FC),
/// then by the attribute information block (block 0), which must parse and pass its checksum
/// (nfcpy `tt3.py` `_read_attribute_data`).
public enum Type3NDEFArea: Sendable, Equatable {
    /// The card does not answer polling for 12FC: NDEF is not enabled (a blank Lite-S).
    case notEnabled
    /// The card answers 12FC, but block 0 (`bytes`) is no attribute block TapCard can use.
    case unusableAttribute(Type3AttributeError, bytes: [UInt8])
    /// NDEF-formatted: the attribute block and the message it describes.
    case formatted(Type3Snapshot)

    /// The snapshot, when formatted.
    public var snapshot: Type3Snapshot? {
        if case .formatted(let snapshot) = self { return snapshot }
        return nil
    }

    /// Why the card counts as not formatted, in words; `nil` when it is formatted.
    public var notFormattedReason: String? {
        switch self {
        case .notEnabled:
            "it does not answer polling for the NDEF system code 12FC (on a FeliCa Lite-S: MC SYS_OP bit 0 is 0)"
        case .unusableAttribute(let error, _):
            "its attribute information block is unusable: \(error.sentence)"
        case .formatted:
            nil
        }
    }
}
