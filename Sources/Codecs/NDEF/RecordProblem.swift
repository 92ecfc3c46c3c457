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

    /// The rule in words, e.g. "TNF 1 (well-known) with an empty TYPE; NDEF 1.0 §3.2.6 requires
    /// a type".
    public var sentence: String {
        switch self {
        case .emptyType(let tnf):
            "TNF \(tnf.rawValue) (\(tnf.name)) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type"
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
        guard type.isEmpty, RecordProblem.typedTNFs.contains(tnf) else { return [] }
        return [.emptyType(tnf)]
    }
}
