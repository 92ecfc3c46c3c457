import TapCardSupport

/// A GET SYSTEM INFO answer too short for the fields its InfoFlags announce. Origin `.tag`: the
/// tag's own answer contradicts itself.
public enum Type5SystemInfoError: TapCardError, Equatable {
    case truncated(payload: [UInt8], needed: Int)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .truncated(let payload, let needed):
            let flags = payload.first.map { " (InfoFlags 0x\(Hex.encode([$0], uppercase: true)))" } ?? ""
            return
                "The tag's GET SYSTEM INFO answer has \(payload.count) bytes\(flags); the UID and the fields its flags announce need \(needed)."
        }
    }
}
