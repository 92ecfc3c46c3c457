import CommandLineKit
import TagEmulator
import TapCardSupport

/// What `sim export --flipper` of an NTAG 424 DNA with SDM on writes where the tag mirrors its SUN
/// fields: the placeholders as the file stores them (what `ntag424 sdm setup` wrote, zeros by
/// default), not a URL the tag would give. Exporting what a reader sees would take a read, which
/// advances the tag's SDM read counter; the export reads nothing, so the counter stays, and the
/// file holds one URL no verifier accepts. Each field with the message bytes it covers.
struct SUNPlaceholderExport {
    struct Field {
        var name: String
        /// Offsets in the NDEF message (the file's offsets less NLEN's two bytes).
        var bytes: Range<Int>
        var stored: String
    }

    let fields: [Field]

    /// The mirrored fields of `tag`'s NDEF file that fall inside its message; none when SDM is off.
    init(_ tag: EmulatedType4Tag) {
        guard let file = tag.contents(ofFile: 0xE104), file.count >= 2 else {
            fields = []
            return
        }
        let end = 2 + (Int(file[0]) << 8 | Int(file[1]))
        fields = tag.sdmMirroredFields.compactMap { name, range in
            guard range.lowerBound >= 2, range.upperBound <= min(end, file.count) else { return nil }
            let stored = String(decoding: file[range], as: UTF8.self)
            return Field(name: name, bytes: (range.lowerBound - 2)..<(range.upperBound - 2), stored: stored)
        }
    }

    var isEmpty: Bool { fields.isEmpty }

    func sentence(file: String) -> String {
        let list = fields.map {
            "\($0.name) at message bytes \($0.bytes.lowerBound)–\($0.bytes.upperBound - 1) ('\(TerminalText.escape($0.stored))')"
        }
        return
            "\(file): the SUN fields are written as the tag's placeholders, as stored, not as a reader would see them: \(list.joined(separator: "; ")). The tag mirrors fresh values at every read (nothing was read for this export, so its read counter did not move); a Flipper replaying this file serves this one URL, which no verifier accepts."
    }

    /// `[{"field": "the MAC", "first_byte": 58, "last_byte": 73, "written": "0000000000000000"}, …]`.
    var json: JSON {
        .array(
            fields.map {
                JSON.object([
                    ("field", .string($0.name)), ("first_byte", .int($0.bytes.lowerBound)),
                    ("last_byte", .int($0.bytes.upperBound - 1)), ("written", .string($0.stored)),
                ])
            })
    }
}
