import TagFrames

/// One tag in the field as a carrier presents it: what was detected and the channels the carrier
/// can reach it through (`nil` where it cannot: a PC/SC reader without pass-through has no NFC-A
/// frames for a Type 4 tag, an ACR122U has no ISO 15693).
public protocol TagConnection: AnyObject {
    var detected: DetectedTechnology { get }
    var nfcA: (any NFCAChannel)? { get }
    var isoDep: (any ISODepChannel)? { get }
    var iso15693: (any ISO15693Channel)? { get }
    var felica: (any FeliCaChannel)? { get }
    /// A MIFARE Classic card's sector operations (``ClassicChannel``); `nil` unless the carrier
    /// reaches one (a default, so carriers that never meet a Classic card say nothing).
    var classic: (any ClassicChannel)? { get }
}

extension TagConnection {
    public var classic: (any ClassicChannel)? { nil }
}

extension TagConnection {
    /// The technologies this connection offers, in a fixed order.
    public var channels: [AirTechnology] {
        var out: [AirTechnology] = []
        if nfcA != nil { out.append(.nfcA) }
        if isoDep != nil { out.append(.isoDep) }
        if iso15693 != nil { out.append(.iso15693) }
        if felica != nil { out.append(.felica) }
        return out
    }
}
