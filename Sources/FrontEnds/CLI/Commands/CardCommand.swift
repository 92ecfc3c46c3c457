import Cards
import CommandLineKit
import Contacts
import MessageRendering
import NDEF
import TagCatalog
import TapCardSupport

/// `tapcard card`: what a contact card costs on a tag, in each encoding, and what to drop.
struct CardCommand: Command {
    static let name = "card"
    static let summary = "Size a contact card for a tag: vCard, MeCard or link, and what to drop."
    static let options: [OptionSpec] =
        [
            .json, .value("--as", "FORMAT", completion: .values(CardFormat.names), "vcard, mecard, url or dual."),
            .value("--link", "URL", "The link a url or dual card points to."),
            .value("--model", "MODEL", completion: .values(SimModels.names), "Check the fit against this tag model."),
            .value("--capacity", "BYTES", "Check the fit against this many bytes."),
        ] + ProfileOptions.options
    static let help = """
        Usage: tapcard card [profile options] [--as vcard|mecard|url|dual] [--link URL]
                            [--model MODEL | --capacity N] [--json]

        Encodes the profile as the NDEF message that would be written, says whether it fits, and
        when it does not, the fewest optional fields to drop and the other encodings' sizes.

        Options:
          --as FORMAT            vcard (default; MIME text/vcard), mecard (a Text record holding a
                                 MeCard), url (a URI record with --link) or dual (the vCard record
                                 first, the URI record second: Android acts on the first record,
                                 the vCard; an iPhone reading in the background ignores text/vcard
                                 and opens the first URI record).
          --link URL             The link for --as url or dual (default: the first --url).
          --model MODEL          The tag model whose capacity to assume (default ntag213). One of:
                                 \(TagModel.allCases.map(\.rawValue).joined(separator: ", ")).
          --capacity N           Assume a tag holding an N-byte NDEF message instead.
          --json                 One JSON object: format, message_bytes, ndef_hex, records [Record, in
                                 message order], capacity {bytes, source, model}, fits, over_by,
                                 sentence, explanation [sentences], alternatives [{format,
                                 message_bytes, fits}], drop_to_fit [{field, value, bytes}].

        No tag is asked here, so the capacity is always assumed and every verdict says "assuming".
        The exit status is 0 whether or not the card fits (read "fits" in --json); 64 for a usage
        error, 65 when the profile cannot be encoded (no name; --as url or dual without a link).

        """ + ProfileOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let profile = try ProfileOptions.parse(&arguments, io: io)
        let formatName = try arguments.option("--as") ?? CardFormat.vcard.rawValue
        let link = try arguments.option("--link")
        let modelName = try arguments.option("--model")
        let capacityBytes = try arguments.integer("--capacity")
        let json = arguments.flag("--json")
        try arguments.finish()

        guard let format = CardFormat(rawValue: formatName.lowercased()) else {
            throw UsageError("--as takes vcard, mecard, url or dual, not '\(formatName)'.", command: name)
        }
        let capacity: Capacity
        switch (modelName, capacityBytes) {
        case (.some, .some):
            throw UsageError("Give --model or --capacity, not both.", command: name)
        case (.some(let modelName), nil):
            guard let model = TagModel(rawValue: modelName.lowercased()) else {
                let models = TagModel.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("Unknown tag model '\(modelName)'; known models: \(models).", command: name)
            }
            capacity = model.assumedCapacity
        case (nil, .some(let bytes)):
            guard bytes >= 0 else {
                throw UsageError("--capacity takes a number of bytes, 0 or more, not \(bytes).", command: name)
            }
            capacity = .assumed(bytes)
        case (nil, nil):
            capacity = TagModel.ntag213.assumedCapacity
        }

        let advice = try FitAdvisor.advise(profile, capacity: capacity, format: format, link: link)
        if json {
            io.printJSON(Self.json(advice, capacity: capacity))
        } else {
            var text = Self.text(advice, profile: profile)
            if let model = capacity.model { text += model.capacityDerivation + "\n" }
            io.printLines(text)
        }
        return .success
    }

    static func json(_ advice: FitAdvice, capacity: Capacity) -> JSON {
        let chosen = advice.chosen
        return .object([
            ("format", .string(chosen.format.rawValue)),
            ("message_bytes", .int(chosen.size)),
            ("ndef_hex", .string(Hex.encode(chosen.messageBytes))),
            ("records", .array(Self.records(chosen).map(MessageJSONWriter.record))),
            (
                "capacity",
                .object([
                    ("bytes", .int(capacity.bytes)),
                    ("source", .string(capacity.source.rawValue)),
                    ("model", capacity.model.map { .string($0.rawValue) } ?? .null),
                ])
            ),
            ("fits", .bool(chosen.fits)),
            ("over_by", .int(chosen.verdict.overBy)),
            ("sentence", .string(chosen.verdict.sentence)),
            ("explanation", .array(advice.explanation.map { .string($0) })),
            (
                "alternatives",
                .array(
                    advice.alternatives.map { card in
                        .object([
                            ("format", .string(card.format.rawValue)),
                            ("message_bytes", .int(card.size)),
                            ("fits", .bool(card.fits)),
                        ])
                    })
            ),
            (
                "drop_to_fit",
                .array(
                    (advice.dropToFit?.fields ?? []).map { field in
                        .object([
                            ("field", .string(field.field.key)),
                            ("value", .string(field.value)),
                            ("bytes", .int(field.bytes)),
                        ])
                    })
            ),
        ])
    }

    /// The records of the chosen card, decoded back from the bytes that would be written, so
    /// the JSON shows what is on the tag and in that order.
    static func records(_ card: EncodedCard) -> [NDEFRecord] {
        (try? NDEFMessage.decode(card.messageBytes))?.records ?? []
    }

    static func text(_ advice: FitAdvice, profile: ContactProfile) -> String {
        let chosen = advice.chosen
        var out = "\(chosen.format.rawValue): \(chosen.format.recordDescription), "
        out += "\(FitVerdict.bytes(chosen.size)) of NDEF message\n"
        for sentence in advice.explanation { out += sentence + "\n" }
        if chosen.format == .mecard {
            for loss in MeCardEncoder.losses(profile) { out += "MeCard: \(loss)\n" }
        }
        if !advice.alternatives.isEmpty {
            out += "\nAlternatives:\n"
            let width = advice.alternatives.map { String($0.size).count }.max() ?? 0
            for card in advice.alternatives {
                let size = String(repeating: " ", count: width - String(card.size).count) + String(card.size)
                let name = card.format.rawValue.padding(6)
                out += "  \(name) \(size) bytes  \(card.verdict.sentence)\n"
            }
        }
        if chosen.format != .url && !advice.alternatives.contains(where: { $0.format == .url }) {
            out += "  (url: give --link URL or a --url to compare a link.)\n"
        }
        out += "\nNDEF message (hex): \(Hex.encode(chosen.messageBytes))\n"
        return out
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
