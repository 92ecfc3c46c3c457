import NDEF

/// Where the MAC input of a SUN URL begins (SDMMACInputOffset, NT4H2421Gx §9.3.6): the MAC covers
/// the URL's own text from there to the MAC. The chip lets it start anywhere before the MAC; these
/// are the choices deployments make.
public enum SUNMACInputStart: Sendable, Hashable {
    /// From the encrypted file data (`enc`), or nothing when there is none (MACInputOffset =
    /// MACOffset): AN12196's examples, boltcard, and TapCard's `sdm setup` by default.
    case automatic
    /// From the first mirrored value: PICCData, or the UID (or counter) in the plain mirror.
    case piccData
    /// From the first character of the URL the NDEF file holds: after the URI prefix the URI
    /// record abbreviates (the longest of the NFC Forum table, `https://` or `https://www.`), as
    /// sdm-backend's LRP examples do.
    case url
    /// From the byte at this position of the URL (0 is its first character; the abbreviated
    /// prefix counts, though the file does not hold it).
    case position(Int)

    /// Reads the command line's spelling: `auto`, `picc`, `url` or a position.
    public init?(argument: String) {
        switch argument {
        case "auto", "enc": self = .automatic
        case "picc": self = .piccData
        case "url": self = .url
        default:
            guard let position = Int(argument), position >= 0, argument.allSatisfy(\.isASCII) else { return nil }
            self = .position(position)
        }
    }

    /// The command line's spelling.
    public var argument: String {
        switch self {
        case .automatic: "auto"
        case .piccData: "picc"
        case .url: "url"
        case .position(let position): String(position)
        }
    }

    /// How many bytes of `url` the NDEF URI record abbreviates with its prefix code.
    static func abbreviatedLength(_ url: Substring) -> Int {
        let code = URIRecord.longestPrefixCode(for: String(url))
        return URIRecord.prefixes[Int(code)].utf8.count
    }
}
