/// A rule of a record's type that a well-formed record breaks.
///
/// The message structure is sound (every length, flag and chunk checks out), so decoding keeps
/// the record and shows it — as Android's `NdefMessage` parser does — but flags it, and
/// ``RecordProblemPolicy/refuse`` (`decode --strict`) turns it into an ``NDEFError`` with the
/// record's offset, as Python's ndeflib does by default.
public enum RecordProblem: Sendable, Hashable {
    /// TNF 1–4 (well-known, media, absolute URI, external) with TYPE_LENGTH 0. Each of these
    /// formats names the payload's type in the TYPE field (NDEF 1.0 §3.2.6): an RTD name of at
    /// least one character (RTD 1.0 §2.1), an RFC 2046 `type/subtype`, an RFC 3986 absolute URI,
    /// or `domain:type` (RTD 1.0 §2.4). None of them can be empty.
    case emptyType(TypeNameFormat)
    /// A URI record (or a smart poster's URI record) whose URI holds a character the URI rule
    /// refuses (``URIRecord/isRefusedInURI(_:)``: white space, a control, a bidirectional
    /// formatting, an invisible or a format character) at `position` (1-based, in characters):
    /// RFC 3986 §2 allows none raw, RFC 3987 §4.1 bans the bidi controls, and an invisible one
    /// makes a link look like another.
    case uriCharacter(scalar: UInt32, position: Int)

    /// The rule in words, e.g. "TNF 1 (well-known) with an empty TYPE; NDEF 1.0 §3.2.6 requires
    /// a type".
    public var sentence: String {
        switch self {
        case .emptyType(let tnf):
            "TNF \(tnf.rawValue) (\(tnf.name)) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type"
        case .uriCharacter(let scalar, let position):
            "a URI holding \(RecordValueError.describe(scalar)) at character \(position); RFC 3986 §2 and RFC 3987 §4.1 allow no space, control, bidirectional formatting or invisible character in a URI"
        }
    }

    /// The TNFs whose records must name a type.
    static let typedTNFs: Set<TypeNameFormat> = [.wellKnown, .media, .absoluteURI, .external]
}

/// What a decoder does with a record that breaks a ``RecordProblem`` rule.
public enum RecordProblemPolicy: Sendable, Hashable {
    /// Keep the record; ``NDEFRecord/problems`` names the rule (the default).
    case flag
    /// Refuse the message with ``NDEFError/missingType(offset:tnf:)`` at the record's offset.
    case refuse
}

extension NDEFRecord {
    /// The type rules this record breaks; empty for a record that keeps them all.
    public var problems: [RecordProblem] {
        if type.isEmpty, RecordProblem.typedTNFs.contains(tnf) { return [.emptyType(tnf)] }
        if let problem = uriProblem { return [problem] }
        return []
    }

    /// The first character the URI rule refuses in a URI record's URI, or in the URI record of
    /// a smart poster (`Sp`, whose payload is a message: NFC Forum Smart Poster RTD §3), `nil`
    /// for any other record or a URI that does not decode (its decoding error is said elsewhere).
    var uriProblem: RecordProblem? { uriProblem(depth: 0) }

    /// Smart posters nest at most ``maximumPosterDepth`` deep: deeper is no poster a reader
    /// shows, and the bound keeps a hostile message from recursing without end.
    static let maximumPosterDepth = 4

    private func uriProblem(depth: Int) -> RecordProblem? {
        guard tnf == .wellKnown else { return nil }
        if type == [0x53, 0x70], depth < Self.maximumPosterDepth {
            let nested: NDEFMessage
            do {
                nested = try NDEFMessage.decode(payload)
            } catch {
                return nil  // a poster whose payload is no message: its own decoding error says so
            }
            for record in nested.records {
                if let problem = record.uriProblem(depth: depth + 1) { return problem }
            }
            return nil
        }
        guard type == [0x55] else { return nil }
        let uri: String
        do {
            uri = try URIRecord.decode(payload: payload[...]).uri
        } catch {
            return nil  // a URI that does not decode: its decoding error is said elsewhere
        }
        for (index, scalar) in uri.unicodeScalars.enumerated() where URIRecord.isRefusedInURI(scalar) {
            return .uriCharacter(scalar: scalar.value, position: index + 1)
        }
        return nil
    }
}
