import TagTransport
import TapCardSupport

/// No key TapCard tried opened a sector of a MIFARE Classic card: the card refused each (`63 00`).
/// Only public keys are ever tried (AN1304's MAD and NDEF keys, the transport key), so naming
/// them gives nothing away.
public struct ClassicKeyRefusal: TapCardError, Equatable {
    public var sector: Int
    /// The keys tried as key A, in lowercase hex.
    public var tried: [String]
    /// The role the keys were tried in: key A (reading, writing data) or key B (trailers).
    public var role: ClassicKeyRole

    public init(sector: Int, tried: [String], role: ClassicKeyRole = .a) {
        self.sector = sector
        self.tried = tried
        self.role = role
    }

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch role {
        case .a:
            "The card refused every key TapCard tried as key A of sector \(sector) (\(tried.joined(separator: ", "))): it is under a private key, or not a MIFARE Classic NDEF card."
        case .b:
            "The card refused \(tried.joined(separator: ", ")) as key B of sector \(sector): its key B is not the transport key TapCard's format leaves, and TapCard tries no other."
        }
    }
}
