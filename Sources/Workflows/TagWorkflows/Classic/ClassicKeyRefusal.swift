import TapCardSupport

/// No key TapCard tried opened a sector of a MIFARE Classic card: the card refused each (`63 00`).
/// Only public keys are ever tried (AN1304's MAD and NDEF keys, the transport key), so naming
/// them gives nothing away.
public struct ClassicKeyRefusal: TapCardError, Equatable {
    public var sector: Int
    /// The keys tried as key A, in lowercase hex.
    public var tried: [String]

    public init(sector: Int, tried: [String]) {
        self.sector = sector
        self.tried = tried
    }

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        "The card refused every key TapCard tried as key A of sector \(sector) (\(tried.joined(separator: ", "))): it is under a private key, or not a MIFARE Classic NDEF card."
    }
}
