import TagCatalog

/// Whether a message fits a capacity, and THE one place that words it.
///
/// Every sentence about a fit (the verdict, the alternatives, the advisor's suggestion) is built
/// here from a ``/TagCatalog/Capacity``, and the capacity clause is chosen by its source alone: an assumed
/// figure is always worded "assuming …", a reported one "this tag reports …". No other code in
/// TapCard composes a sentence that states a capacity, so no path can say a card fits a number
/// nobody measured without saying so.
public struct FitVerdict: Sendable, Equatable {
    public let messageBytes: Int
    public let capacity: Capacity
    /// What the sentence suggests when the message is too big.
    public let remedy: Remedy

    public init(messageBytes: Int, capacity: Capacity, remedy: Remedy = .shortenOrLink) {
        self.messageBytes = messageBytes
        self.capacity = capacity
        self.remedy = remedy
    }

    public var fits: Bool { messageBytes <= capacity.bytes }
    /// Bytes over the capacity; 0 when it fits.
    public var overBy: Int { max(0, messageBytes - capacity.bytes) }
    /// Bytes left free; 0 when it does not fit.
    public var spare: Int { max(0, capacity.bytes - messageBytes) }

    /// What to do about a card that is too big.
    public enum Remedy: Sendable, Equatable {
        /// A contact card: shorten it or write a link.
        case shortenOrLink
        /// A link: shorten it or use a bigger tag.
        case shorterLinkOrBiggerTag
    }

    /// The verdict as one or more sentences, e.g.
    /// "Too big for this tag: 202 bytes, assuming an NTAG213's 137. It is 65 bytes over. Shorten
    /// the profile or write a link instead." or "Fits: 118 of 137 bytes this tag reports."
    public var sentence: String {
        let size = Self.bytes(messageBytes)
        if fits {
            let lead = messageBytes == capacity.bytes ? "Fits exactly" : "Fits"
            switch capacity.source {
            case .reported:
                return "\(lead): \(messageBytes) of \(capacity.bytes) bytes this tag reports."
            case .assumed:
                return "\(lead): \(messageBytes) of \(capacity.bytes) bytes, \(Self.assumption(capacity))."
            }
        }
        let over = "It is \(Self.bytes(overBy)) over."
        let advice =
            switch remedy {
            case .shortenOrLink: "Shorten the profile or write a link instead."
            case .shorterLinkOrBiggerTag: "Use a shorter link or a bigger tag."
            }
        switch capacity.source {
        case .reported:
            return "Too big for this tag: \(size), and this tag reports \(capacity.bytes). \(over) \(advice)"
        case .assumed:
            return "Too big for this tag: \(size), \(Self.assumedCapacity(capacity)). \(over) \(advice)"
        }
    }

    /// The assumed-capacity clause for a fit: "assuming an NTAG213", "assuming the tag holds 137".
    /// Always begins with "assuming".
    static func assumption(_ capacity: Capacity) -> String {
        if let model = capacity.model { return "assuming \(model.withArticle)" }
        return "assuming the tag holds \(capacity.bytes)"
    }

    /// The assumed-capacity clause naming the figure: "assuming an NTAG213's 137", "assuming the
    /// tag holds 137". Always begins with "assuming".
    static func assumedCapacity(_ capacity: Capacity) -> String {
        if let model = capacity.model { return "assuming \(model.withArticle)'s \(capacity.bytes)" }
        return "assuming the tag holds \(capacity.bytes)"
    }

    /// Where a dual card fits among tag models, and what to write on the ones it does not fit, e.g.
    /// "Dual (251 bytes), assuming each model's usual capacity, fits an NTAG215, not an NTAG213; on
    /// an NTAG213 write the link (22 bytes)." Models are named, never their figures: each model's
    /// own assumed capacity decides, and the sentence says "assuming" like every other fit.
    public static func dualLadder(messageBytes: Int, linkBytes: Int?, models: [TagModel]) -> String {
        let sorted = models.sorted { $0.assumedCapacity.bytes < $1.assumedCapacity.bytes }
        let fitting = sorted.filter { messageBytes <= $0.assumedCapacity.bytes }
        let tooSmall = sorted.filter { messageBytes > $0.assumedCapacity.bytes }
        let lead = "Dual (\(bytes(messageBytes))), assuming each model's usual capacity, fits"
        let link = linkBytes.map { " (\(bytes($0)))" } ?? ""
        func list(_ models: [TagModel], _ conjunction: String) -> String {
            let names = models.map(\.withArticle)
            guard names.count > 1 else { return names.first ?? "" }
            return names.dropLast().joined(separator: ", ") + " \(conjunction) " + (names.last ?? "")
        }
        guard let smallest = fitting.first else {
            return "\(lead) none of \(list(sorted, "and")); write the link\(link) instead, or drop fields."
        }
        guard !tooSmall.isEmpty else { return "\(lead) \(list(fitting, "and"))." }
        let target = tooSmall.count == 1 ? tooSmall[0].withArticle : "those"
        return
            "\(lead) \(smallest.withArticle), not \(list(tooSmall.reversed(), "or")); on \(target) write the link\(link)."
    }

    /// "1 byte", "65 bytes".
    public static func bytes(_ count: Int) -> String {
        count == 1 ? "1 byte" : "\(count) bytes"
    }
}
