import Cards
import Contacts
import NDEF
import Observation
import TagCatalog

/// The My Card screen: the profile editor, the three encodings with live byte counts, the fit
/// verdict and the advisor's suggestion. Until a tag reports its capacity every figure is an
/// assumption about the chosen model and is worded "assuming …"; once a tag reports, "this tag
/// reports …". All wording comes from the cards engine's ``/Cards/FitVerdict``.
@MainActor
@Observable
public final class MyCardViewModel {
    public var profile: ContactProfile
    public var format: CardFormat
    /// The link written by the `url` format (empty: the profile's first URL).
    public var link: String
    /// The model assumed until a tag reports.
    public var assumedModel: TagModel
    /// The capacity the last tag reported, if any tag did.
    public private(set) var reportedCapacity: Capacity?

    public init(
        profile: ContactProfile = ContactProfile(), format: CardFormat = .vcard, link: String = "",
        assumedModel: TagModel = .ntag213
    ) {
        self.profile = profile
        self.format = format
        self.link = link
        self.assumedModel = assumedModel
    }

    /// The first phone number, for a one-field editor ("" removes it).
    public var primaryPhone: String {
        get { profile.phones.first?.number ?? "" }
        set {
            Self.setFirst(
                &profile.phones, newValue.isEmpty ? nil : Phone(newValue, kind: profile.phones.first?.kind ?? .voice))
        }
    }

    /// The first e-mail address ("" removes it).
    public var primaryEmail: String {
        get { profile.emails.first ?? "" }
        set { Self.setFirst(&profile.emails, newValue.isEmpty ? nil : newValue) }
    }

    /// The first web address ("" removes it); the `url` format writes it unless a link is given.
    public var primaryURL: String {
        get { profile.urls.first ?? "" }
        set { Self.setFirst(&profile.urls, newValue.isEmpty ? nil : newValue) }
    }

    private static func setFirst<Element>(_ list: inout [Element], _ value: Element?) {
        switch (list.isEmpty, value) {
        case (true, let value?): list = [value]
        case (false, let value?): list[0] = value
        case (false, nil): list.removeFirst()
        case (true, nil): break
        }
    }

    /// The figure the verdict is measured against.
    public var capacity: Capacity { reportedCapacity ?? assumedModel.assumedCapacity }

    /// "Assuming an NTAG213: 137 bytes." or "This tag reports 137 bytes."
    public var capacityText: String {
        switch capacity.source {
        case .reported: "This tag reports \(FitVerdict.bytes(capacity.bytes))."
        case .assumed:
            "Assuming \(assumedModel.withArticle): \(FitVerdict.bytes(capacity.bytes)). Scan a tag to use its own figure."
        }
    }

    /// A tag reported its capacity (a scan, or the preflight of a write).
    public func tagReported(capacity bytes: Int, model: TagModel?) {
        reportedCapacity = .reported(bytes, model: model)
    }

    /// Back to the assumed model's figure.
    public func forgetReportedTag() { reportedCapacity = nil }

    /// The models offered as the assumption.
    public var modelChoices: [TagModel] { TagModel.allCases.filter { $0.type2Layout != nil } }

    private var linkOrNil: String? { link.isEmpty ? nil : link }

    /// One encoding's live size, or why it cannot be made.
    public struct FormatSize: Sendable, Equatable, Identifiable {
        public let format: CardFormat
        public let bytes: Int?
        public let fits: Bool?
        public let note: String
        public var id: CardFormat { format }
    }

    /// Every format's size against the current capacity, for the format picker.
    public var sizes: [FormatSize] {
        CardFormat.allCases.map { format in
            do throws(CardError) {
                let card = try FitAdvisor.encode(profile, as: format, link: linkOrNil, capacity: capacity)
                return FormatSize(format: format, bytes: card.size, fits: card.fits, note: FitVerdict.bytes(card.size))
            } catch {
                return FormatSize(format: format, bytes: nil, fits: nil, note: error.sentence)
            }
        }
    }

    /// The advisor's full report for the chosen format, or the reason there is none.
    public var advice: Result<FitAdvice, CardError> {
        do throws(CardError) {
            return .success(try FitAdvisor.advise(profile, capacity: capacity, format: format, link: linkOrNil))
        } catch {
            return .failure(error)
        }
    }

    /// The verdict sentence for the chosen format.
    public var verdict: String {
        switch advice {
        case .success(let advice): advice.chosen.verdict.sentence
        case .failure(let error): error.sentence
        }
    }

    public var fits: Bool {
        if case .success(let advice) = advice { return advice.chosen.fits }
        return false
    }

    /// The advisor's suggestion (fields to drop, or a format that fits), when the card does not fit.
    public var suggestion: String? {
        guard case .success(let advice) = advice, !advice.chosen.fits else { return nil }
        let rest = advice.explanation.dropFirst()
        return rest.isEmpty ? nil : rest.joined(separator: " ")
    }

    /// The message the Write screen writes, or `nil` when the card cannot be encoded.
    public var message: NDEFMessage? {
        try? CardEncoding.message(for: profile, as: format, link: linkOrNil)
    }
}
