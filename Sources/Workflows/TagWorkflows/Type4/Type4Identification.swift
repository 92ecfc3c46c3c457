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

    /// `.ntag424DNA`, `.genericType4`, or `nil` when GetVersion named a chip TapCard does not know.
    public var model: TagModel?
    public var evidence: Evidence

    public init(model: TagModel?, evidence: Evidence) {
        self.model = model
        self.evidence = evidence
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
            let name = model?.displayName ?? "a chip TapCard does not know"
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
            return "\(model?.displayName ?? "Type 4 tag") (declared)"
        }
    }

    /// The chip a GetVersion answer names: NXP (04) type 04 (NTAG) with 256-byte storage code 11h
    /// is an NTAG 424 DNA (NT4H2421Gx datasheet, GetVersion; plain subtype x2, TagTamper x8).
    public static func fromVersion(_ version: NTAG424Version) -> Type4Identification {
        let isNTAG424 =
            version.hardware.vendor == 0x04 && version.hardware.type == 0x04 && version.hardware.storageSize == 0x11
        return Type4Identification(model: isNTAG424 ? .ntag424DNA : nil, evidence: .version(version))
    }
}
