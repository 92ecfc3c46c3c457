import TapCardSupport

/// Why `sim export` does not write a MIFARE Classic card in a format.
enum ClassicExportError: TapCardError, Equatable {
    /// A raw image has no mark for a byte nobody knows.
    case unknownBytes(path: String, sectors: [Int])

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .unknownBytes(let path, let sectors):
            "\(path) holds bytes nobody knows in sectors \(sectors.map(String.init).joined(separator: ", ")); a raw image has no mark for them, so none was written. --flipper (?? for each) and --proxmark3 (the block left out) keep them unknown."
        }
    }
}
