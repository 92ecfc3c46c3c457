import Contacts
import NDEF

/// Turns a ``/Contacts/ContactProfile`` into the NDEF message that goes on the tag, in each ``CardFormat``.
public enum CardEncoding {
    /// The NDEF message for `profile` in `format`: the records of ``records(for:as:link:)``, in order.
    ///
    /// - `url`: a URI record with `link`, or the profile's first URL when `link` is nil.
    /// - `vcard`: a MIME record `text/vcard` holding ``/Contacts/VCardEncoder/encode(_:)``.
    /// - `mecard`: an NFC Forum Text record (UTF-8, language "en") holding
    ///   ``/Contacts/MeCardEncoder/encode(_:)``. Why a Text record and not MIME `text/x-mecard`: no phone
    ///   registers a handler for `text/x-mecard` (Android's contacts app registers only
    ///   `text/vcard` and `text/x-vcard`; iOS background reading handles URI records), so a MIME
    ///   record reaches nobody. The readers that do import MeCards (ZXing-based scanners, NFC
    ///   reader apps) recognise the `MECARD:` prefix of a text, the same way they do for QR codes,
    ///   and a phone without such an app at least shows the text. It is also 9 bytes smaller
    ///   (type `T` plus 3 bytes of status and language, against the 13-byte MIME type). Not
    ///   measured on devices here: this is the documented behaviour of those readers.
    /// - `dual`: the `vcard` record, then the `url` record. The order is the point: Android
    ///   dispatches on the first record of a message (the vCard: "save contact"), and iOS
    ///   background reading acts on the first URI record and ignores `text/vcard` (Apple,
    ///   "Adding support for background tag reading"), so each phone finds what it can use.
    public static func message(for profile: ContactProfile, as format: CardFormat, link: String? = nil)
        throws(CardError) -> NDEFMessage
    {
        NDEFMessage(records: try records(for: profile, as: format, link: link))
    }

    /// The records of ``message(for:as:link:)``, in the order they are written: one for `url`,
    /// `vcard` and `mecard`, two for `dual` (MIME `text/vcard` first, URI second).
    public static func records(for profile: ContactProfile, as format: CardFormat, link: String? = nil)
        throws(CardError) -> [NDEFRecord]
    {
        switch format {
        case .url:
            return [NDEFRecord.uri(try resolvedLink(profile, link: link))]
        case .vcard:
            try check(profile)
            return [NDEFRecord.mime(type: VCardEncoder.mediaType, payload: VCardEncoder.encode(profile))]
        case .mecard:
            try check(profile)
            return [NDEFRecord.text(MeCardEncoder.encode(profile))]
        case .dual:
            // The link is checked first: without one, a dual card is just a vCard, and the person
            // asked for something else.
            let target = try resolvedLink(profile, link: link)
            try check(profile)
            return [
                NDEFRecord.mime(type: VCardEncoder.mediaType, payload: VCardEncoder.encode(profile)),
                NDEFRecord.uri(target),
            ]
        }
    }

    /// The link a `url` or `dual` card writes: `link`, or the profile's first URL.
    public static func resolvedLink(_ profile: ContactProfile, link: String?) throws(CardError) -> String {
        guard let target = link ?? profile.urls.first, !target.isEmpty else { throw CardError.noLink }
        // The same rule as `write uri`: a link that rule refuses is not written as a card either.
        do throws(RecordValueError) {
            try URIRecord.check(target, field: link == nil ? "--url" : "--link")
        } catch {
            throw .link(error)
        }
        return target
    }

    /// Refuses a profile a card cannot carry: no name, or a control character in a value.
    public static func check(_ profile: ContactProfile) throws(CardError) {
        guard profile.hasName else { throw CardError.noName }
        if let found = ControlCharacter.first(in: profile) { throw CardError.controlCharacter(found) }
    }

    /// The payload that depends on the profile's fields (vCard or MeCard bytes; for `dual`, the
    /// vCard record's); nil for `url`, whose payload does not depend on the profile's fields.
    static func fieldPayload(_ profile: ContactProfile, as format: CardFormat) -> [UInt8]? {
        switch format {
        case .url: nil
        case .vcard, .dual: VCardEncoder.encode(profile)
        case .mecard: Array(MeCardEncoder.encode(profile).utf8)
        }
    }
}
