import TapCardSupport

/// Why `sim export` does not write a MIFARE Classic card in a format.
enum ClassicExportError: TapCardError, Equatable {
    /// A raw image or an `.eml` (`format`, "a raw image") has no mark for a byte nobody knows.
    case unknownBytes(path: String, sectors: [Int], format: String)

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .unknownBytes(let path, let sectors, let format):
            "\(path) holds bytes nobody knows in sectors \(sectors.map(String.init).joined(separator: ", ")); \(format) has no mark for them, so none was written. --flipper (?? for each) and --mct (-- for each) keep them unknown; --proxmark3 writes them as 00, as 'hf mf dump' does, and says which."
        }
    }
}
