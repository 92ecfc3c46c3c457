import Contacts
import NDEF
import TagCatalog

/// Sizes every encoding of a profile against a capacity and, when the chosen one is too big,
/// finds the smallest set of optional fields to drop.
///
/// The choice is deterministic and explained:
/// 1. fewest fields dropped;
/// 2. among those, fewest bytes dropped (the most of the card is kept);
/// 3. among those, the set that drops the least essential fields, in this order: note, address,
///    links (last first), title, organisation, e-mail addresses (last first), phone numbers (last
///    first). The name is never dropped.
///
/// It is exact: each field's cost is measured by encoding the card without it (a field is its
/// own vCard lines or MeCard segment, so costs add up exactly), the search is a subset-sum over
/// those costs, and the winner is encoded again and checked against the capacity.
public enum FitAdvisor {
    public static func advise(
        _ profile: ContactProfile, capacity: Capacity, format: CardFormat, link: String? = nil
    ) throws(CardError) -> FitAdvice {
        // The link is pinned before any field is dropped: dropping the first URL from a dual
        // card's vCard must not change where its URI record points.
        let link = link ?? profile.urls.first
        let chosen = try encode(profile, as: format, link: link, capacity: capacity)
        var alternatives: [EncodedCard] = []
        for other in CardFormat.allCases where other != format {
            if let card = try? encode(profile, as: other, link: link, capacity: capacity) {
                alternatives.append(card)
            }
        }
        var explanation = [chosen.verdict.sentence]
        var suggestion: DropSuggestion? = nil
        if !chosen.fits, format != .url {
            suggestion = dropToFit(profile, as: format, capacity: capacity, link: link)
            if let suggestion {
                explanation.append(suggestion.sentence)
            } else {
                let bare = ContactField.removing(Set(ContactField.present(in: profile)), from: profile)
                if let card = try? encode(bare, as: format, link: link, capacity: capacity), !card.fits {
                    explanation.append(
                        "Dropping every optional field is not enough: the name alone is "
                            + "\(FitVerdict.bytes(card.size)). \(card.verdict.sentence)")
                }
            }
        }
        if format == .dual {
            let url = try? encode(profile, as: .url, link: link, capacity: capacity)
            explanation.append(
                FitVerdict.dualLadder(
                    messageBytes: chosen.size, linkBytes: url?.size, models: [.ntag213, .ntag215, .ntag216]))
            explanation.append(dualPhones)
        }
        return FitAdvice(chosen: chosen, alternatives: alternatives, dropToFit: suggestion, explanation: explanation)
    }

    /// Which phone uses which record of a dual card.
    public static let dualPhones =
        "Record order matters: Android acts on the first record, the vCard, and offers to save the contact; "
        + "an iPhone reading the tag in the background ignores text/vcard and opens the first URI record, the link."

    /// Encodes `profile` as `format` and judges it against `capacity`.
    public static func encode(
        _ profile: ContactProfile, as format: CardFormat, link: String?, capacity: Capacity
    ) throws(CardError) -> EncodedCard {
        let bytes = try CardEncoding.message(for: profile, as: format, link: link).encoded()
        let remedy: FitVerdict.Remedy = format == .url ? .shorterLinkOrBiggerTag : .shortenOrLink
        return EncodedCard(
            format: format, messageBytes: bytes,
            verdict: FitVerdict(messageBytes: bytes.count, capacity: capacity, remedy: remedy))
    }

    /// The fewest optional fields whose removal makes `profile` fit as `format`; nil when it
    /// already fits, when `format` is `url`, or when even dropping every optional field is not
    /// enough. For `dual`, fields are dropped from the vCard record; the URI record keeps `link`
    /// (default: the profile's first URL, pinned before anything is dropped).
    public static func dropToFit(
        _ profile: ContactProfile, as format: CardFormat, capacity: Capacity, link: String? = nil
    ) -> DropSuggestion? {
        let link = link ?? profile.urls.first
        guard format != .url, let full = try? encode(profile, as: format, link: link, capacity: capacity),
            !full.fits
        else { return nil }
        let fields = preferenceOrder(ContactField.present(in: profile))
        guard !fields.isEmpty else { return nil }
        // Each field's cost: the payload with it minus the payload without it (its own vCard lines
        // or MeCard segment, so costs add up exactly). The record header shrinks by 3 bytes when
        // the payload drops to 255 or less (short record), which is why the bytes to shed are
        // found with the NDEF encoder rather than by subtraction from the message size.
        guard let need = payloadToShed(profile, as: format, capacity: capacity, link: link) else { return nil }
        let costs = fields.map { field in
            payloadSize(profile, as: format) - payloadSize(ContactField.removing([field], from: profile), as: format)
        }
        guard let chosen = SubsetSearch.fewestThenSmallest(weights: costs, atLeast: need) else {
            return nil
        }
        let dropped = chosen.sorted().map { index in
            DroppedField(field: fields[index], value: fields[index].value(in: profile), bytes: costs[index])
        }
        let reduced = ContactField.removing(Set(dropped.map(\.field)), from: profile)
        guard let result = try? encode(reduced, as: format, link: link, capacity: capacity), result.fits else {
            return nil
        }
        let ordered = ContactField.present(in: profile).compactMap { field in dropped.first { $0.field == field } }
        let list = ordered.map { "\($0.field.key) (\(FitVerdict.bytes($0.bytes)))" }.joined(separator: ", ")
        let count = ordered.count == 1 ? "1 field" : "\(ordered.count) fields"
        let sentence =
            "To fit as \(format.rawValue), drop \(count): \(list). No smaller set of fields is enough, "
            + "and no other set of \(count) loses fewer bytes. Without them: \(result.verdict.sentence)"
        return DropSuggestion(fields: ordered, result: result, sentence: sentence)
    }

    /// Optional fields, least essential first (the advisor's tie-break order).
    static func preferenceOrder(_ fields: [ContactField]) -> [ContactField] {
        func rank(_ field: ContactField) -> (Int, Int) {
            switch field {
            case .note: (0, 0)
            case .address: (1, 0)
            case .url(let index): (2, -index)
            case .title: (3, 0)
            case .organization: (4, 0)
            case .email(let index): (5, -index)
            case .phone(let index): (6, -index)
            }
        }
        return fields.sorted { rank($0) < rank($1) }
    }

    static func payloadSize(_ profile: ContactProfile, as format: CardFormat) -> Int {
        CardEncoding.fieldPayload(profile, as: format)?.count ?? 0
    }

    /// How many payload bytes must go for the message to fit, found with the NDEF encoder itself
    /// (the largest payload whose message fits), or nil when even an empty payload does not fit.
    static func payloadToShed(
        _ profile: ContactProfile, as format: CardFormat, capacity: Capacity, link: String? = nil
    ) -> Int? {
        let payload = payloadSize(profile, as: format)
        // Message size as a function of payload length: same records, the field-bearing one with a
        // payload of that length (for dual, the vCard record, followed by the unchanged URI record).
        func messageSize(payloadLength: Int) -> Int {
            let filler = [UInt8](repeating: 0x41, count: max(0, payloadLength))
            let records: [NDEFRecord]
            switch format {
            case .vcard: records = [NDEFRecord.mime(type: VCardEncoder.mediaType, payload: filler)]
            case .dual:
                records = [NDEFRecord.mime(type: VCardEncoder.mediaType, payload: filler), NDEFRecord.uri(link ?? "")]
            case .mecard, .url: records = [NDEFRecord.text(String(decoding: filler, as: UTF8.self))]
            }
            return NDEFMessage(records: records).encoded().count
        }
        // The message size grows with the payload (monotonic, with a 3-byte step where the record
        // stops being a short record), so the largest payload that fits is found by bisection.
        guard messageSize(payloadLength: 0) <= capacity.bytes else { return nil }
        var low = 0
        var high = payload
        while low < high {
            let middle = (low + high + 1) / 2
            if messageSize(payloadLength: middle) <= capacity.bytes { low = middle } else { high = middle - 1 }
        }
        return payload - low
    }
}
