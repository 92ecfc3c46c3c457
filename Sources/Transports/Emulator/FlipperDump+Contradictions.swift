import TagCatalog
import TapCardSupport

extension FlipperDump {
    /// The ATQA (most significant byte first) and SAK every NXP Type 2 chip answers with
    /// (ISO/IEC 14443-3: a double-size UID, no ISO-DEP).
    static let type2ATQA: [UInt8] = [0x00, 0x44]
    static let type2SAK: UInt8 = 0x00

    /// Where the header disagrees with the chip the memory makes (its page count, with the file's
    /// chip name or `--model`), one sentence each: a GET_VERSION answer naming another chip, a SAK
    /// or ATQA that is not the chip's. The memory wins: the tag is the chip its pages are, and
    /// answers with that chip's values.
    /// Where the header's UID differs from the one pages 0–1 hold (edited dumps do this), one
    /// sentence, or `nil`: the tag answers with the pages'.
    public var uidContradiction: String? {
        let held = Array(memory.prefix(3)) + Array(memory.dropFirst(4).prefix(4))
        guard !uid.isEmpty, memory.count >= 8, uid != held else { return nil }
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        return "the header's UID \(hex(uid)) differs from pages 0–1's \(hex(held)); the tag answers with pages 0–1's"
    }

    public var headerContradictions: [String] {
        guard let model else { return [] }
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let chip = Self.withArticle(model.displayName)
        var found: [String] = []
        if let named = FlipperNFC.modelsByName[chipName], named != model {
            let size = named.type2Layout.map { " (\($0.totalPages) pages)" } ?? ""
            found.append(
                "the header's type \(chipName) names \(Self.withArticle(named.displayName))\(size), but the dump's \(pages.count) pages are \(chip)'s; the tag is \(chip)"
            )
        }
        let own = model.type2Layout?.version
        if let version = getVersion, version.contains(where: { $0 != 0 }), version != own,
            TagModel.identified(byVersion: version) != model
        {
            let named = TagModel.identified(byVersion: version).map { "names \(Self.withArticle($0.displayName))" }
            found.append(
                "the header's GET_VERSION answer \(hex(version)) \(named ?? "names no chip TapCard knows"), but the dump's \(pages.count) pages are \(chip)'s; the tag is \(chip) and "
                    + (own.map { "answers GET_VERSION with \(hex($0))" } ?? "has no GET_VERSION"))
        }
        if sak != Self.type2SAK {
            found.append(
                "the header's SAK \(hex([sak])) is not \(chip)'s \(hex([Self.type2SAK])); the tag answers with \(hex([Self.type2SAK]))"
            )
        }
        if atqa != Self.type2ATQA {
            found.append(
                "the header's ATQA \(hex(atqa)) is not \(chip)'s \(hex(Self.type2ATQA)); the tag answers with \(hex(Self.type2ATQA))"
            )
        }
        return found
    }

    /// "an NTAG213", "a MIFARE Ultralight".
    static func withArticle(_ name: String) -> String {
        (name.hasPrefix("NTAG") || "AEIOU".contains(name.prefix(1)) ? "an " : "a ") + name
    }
}
