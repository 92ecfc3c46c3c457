import TagCatalog
import TagFrames
import Type4

/// Which Type 4 chip answered, and how TapCard knows.
public struct Type4Identification: Sendable, Equatable {
    public enum Evidence: Sendable, Equatable {
        /// The native GetVersion (`90 60`, then `90 AF` twice) answered these three parts.
        case version(NTAG424Version)
        /// The tag selected the NDEF application and refused GetVersion with this status word:
        /// a Type 4 tag of a kind TapCard does not name.
        case ndefApplicationOnly(getVersion: StatusWord)
        /// The caller said which model it is.
        case declared
    }

    /// `.ntag424DNA`, `.genericType4`, a DESFire model of the catalog, or `nil` when GetVersion
    /// named a chip TapCard does not know.
    public var model: TagModel?
    public var evidence: Evidence
    /// The GetVersion answer read as a DESFire's, when its hardware type names the DESFire family
    /// (product, generation, storage size); `nil` for every other chip.
    public var desfire: DESFireVersion?

    public init(model: TagModel?, evidence: Evidence, desfire: DESFireVersion? = nil) {
        self.model = model
        self.evidence = evidence
        self.desfire = desfire
    }

    /// The version, where the chip gave one.
    public var version: NTAG424Version? {
        if case .version(let version) = evidence { return version }
        return nil
    }

    /// "NTAG 424 DNA (by GetVersion: NXP, HW 48.0, SW 1.2, week 39 of 2018)".
    public var phrase: String {
        switch evidence {
        case .version(let version):
            let name = model?.displayName ?? desfire.map(Self.desfireName) ?? "a chip TapCard does not know"
            let vendor =
                version.hardware.vendor == 0x04
                ? "NXP" : "vendor 0x\(String(version.hardware.vendor, radix: 16, uppercase: true))"
            var facts =
                "\(vendor), HW \(version.hardware.majorVersion).\(version.hardware.minorVersion), SW \(version.software.majorVersion).\(version.software.minorVersion)"
            if let week = version.productionWeek, let year = version.productionYear {
                facts += ", made in week \(week) of \(year)"
            }
            return "\(name) (by GetVersion: \(facts))"
        case .ndefApplicationOnly(let status):
            return "Type 4 tag (it selected the NDEF application; GetVersion answered \(status.hex))"
        case .declared:
            return "\(model?.displayName ?? "Type 4 tag") (as the virtual tag file declares)"
        }
    }

    /// The chip a GetVersion answer names: NXP (04) type 04 (NTAG) with 256-byte storage code 11h
    /// is an NTAG 424 DNA (NT4H2421Gx datasheet, GetVersion; plain subtype x2, TagTamper x8). A
    /// DESFire (type x1, ``/Type4/DESFireProduct``) is the catalog model whose GetVersion hardware
    /// part has the same vendor, type, major version and storage size; a DESFire the catalog does
    /// not list keeps `model` nil and is named from its answer ("MIFARE DESFire EV2, 8192 bytes").
    public static func fromVersion(_ version: NTAG424Version) -> Type4Identification {
        let isNTAG424 =
            version.hardware.vendor == 0x04 && version.hardware.type == 0x04 && version.hardware.storageSize == 0x11
        let desfire: DESFireVersion? =
            switch DESFireVersion.parse(parts: version.parts) {
            case .success(let parsed) where parsed.product == .desfire: parsed
            default: nil
            }
        if let desfire {
            return Type4Identification(model: catalogModel(desfire), evidence: .version(version), desfire: desfire)
        }
        return Type4Identification(model: isNTAG424 ? .ntag424DNA : nil, evidence: .version(version))
    }

    /// The catalog's DESFire model for a GetVersion answer, if it lists one.
    static func catalogModel(_ version: DESFireVersion) -> TagModel? {
        let hardware = version.hardware
        return TagModel.allCases.first { model in
            guard let part = model.type4?.versionParts?.first, part.count == 7 else { return false }
            return part[0] == hardware.vendor && part[1] == hardware.type && part[3] == hardware.majorVersion
                && part[5] == hardware.storageSizeByte
        }
    }

    /// "MIFARE DESFire EV2, 8192 bytes": a DESFire the catalog does not list, named from its answer.
    static func desfireName(_ version: DESFireVersion) -> String {
        let generation = version.generation.map { "MIFARE \($0)" } ?? version.product.description
        return "\(generation), \(version.storageSize)"
    }

    /// True for a DESFire EV2 or later: the generations that answer AuthenticateEV2First and whose
    /// file settings an EV2 secure-messaging session changes (the NTAG 424 DNA's procedure).
    public var speaksEV2: Bool {
        if model == .ntag424DNA { return true }
        switch desfire?.generation {
        case .ev2, .ev3: return true
        default: return false
        }
    }
}
