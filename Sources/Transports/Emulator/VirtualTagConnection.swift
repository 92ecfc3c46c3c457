import TagTransport

/// A virtual tag seen as a tag in the field: the one channel its chip speaks, as a reader's or a
/// phone's connection offers channels, so the one recogniser picks its driver as it does for a
/// real tag (a new tag type needs no front-end switch of its own).
public final class VirtualTagConnection: TagConnection {
    public let tag: VirtualTag

    public init(_ tag: VirtualTag) {
        self.tag = tag
    }

    public var detected: DetectedTechnology {
        switch tag {
        case .type2(let chip): .nfcA(uid: chip.uid, atqa: nil, sak: nil, ats: nil)
        case .type4(let chip): .nfcA(uid: chip.uid, atqa: nil, sak: 0x20, ats: chip.facts.ats)
        case .type5(let chip): .iso15693(uid: chip.uid, dsfid: nil)
        case .type3(let chip): .felica(idm: chip.idm, pmm: chip.pmm, systemCode: nil)
        case .classic(let chip): .nfcA(uid: chip.uid, atqa: chip.atqa, sak: chip.sak, ats: nil)
        }
    }

    public var nfcA: (any NFCAChannel)? {
        if case .type2(let chip) = tag { return chip }
        return nil
    }

    public var isoDep: (any ISODepChannel)? {
        if case .type4(let chip) = tag { return chip }
        return nil
    }

    public var iso15693: (any ISO15693Channel)? {
        if case .type5(let chip) = tag { return chip }
        return nil
    }

    public var felica: (any FeliCaChannel)? {
        if case .type3(let chip) = tag { return chip }
        return nil
    }

    public var classic: (any ClassicChannel)? {
        if case .classic(let chip) = tag { return chip }
        return nil
    }
}
