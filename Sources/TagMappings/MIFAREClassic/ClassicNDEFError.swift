import TapCardSupport

/// Why a MIFARE Classic image is not an NDEF card.
public enum ClassicNDEFError: TapCardError, Equatable {
    /// The MAD is missing or refused.
    case mad(MADError)
    /// The MAD (version `madVersion`) gives no sector to the NFC Forum AID 03E1.
    case noNDEFSector(madVersion: Int)
    /// A MAD of `version` needs more sectors than the card's `sectors`.
    case madVersionBeyondCard(version: Int, sectors: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .mad(let error): error.sentence
        case .noNDEFSector(let version):
            "The card's MAD (version \(version)) gives no sector to the NFC Forum application 03E1: it holds no NDEF data."
        case .madVersionBeyondCard(let version, let sectors):
            "The card declares MAD version \(version), which lives in sector 16, but it has \(sectors) sectors."
        }
    }
}
