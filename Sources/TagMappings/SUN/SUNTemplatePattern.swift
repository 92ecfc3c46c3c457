/// A SUN URL template split into its literal text and its placeholders: the one vocabulary that
/// `ntag424 sdm setup` lays a tag's NDEF file out from and that a backend verifies the tag's URLs
/// by. Query style (`https://h/t?e={picc}&c={mac}`) and path style (`https://h/t/{picc}/{mac}`)
/// are both just text and placeholders, so any parameter names work: the verifier matches a URL
/// against the template, literal text exactly and each placeholder as the hex the tag mirrors.
public struct SUNTemplatePattern: Sendable, Hashable {
    /// A part of the template.
    public enum Piece: Sendable, Hashable {
        case text(String)
        case placeholder(SUNPlaceholder)
    }

    public let template: String
    /// Text and placeholders in order; never two texts in a row.
    public let pieces: [Piece]
    /// The placeholders in the order they appear.
    public let placeholders: [SUNPlaceholder]

    /// Splits `template`; refuses an empty one, an unbalanced brace, an unknown or repeated
    /// placeholder.
    public init(_ template: String) throws(SUNTemplateError) {
        guard !template.isEmpty else { throw .empty }
        var pieces: [Piece] = []
        var literal = ""
        var found: [SUNPlaceholder] = []
        let characters = Array(template)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "}" { throw .unbalancedBrace(position: index) }
            if character == "{" {
                guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                    throw .unbalancedBrace(position: index)
                }
                let name = String(characters[(index + 1)..<close])
                if name.contains("{") { throw .unbalancedBrace(position: index) }
                guard let placeholder = SUNPlaceholder(rawValue: name) else {
                    throw .unknownPlaceholder(name: name, position: index)
                }
                guard !found.contains(placeholder) else { throw .duplicatePlaceholder(placeholder) }
                found.append(placeholder)
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.placeholder(placeholder))
                index = close + 1
                continue
            }
            literal.append(character)
            index += 1
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.template = template
        self.pieces = pieces
        self.placeholders = found
    }

    /// The values a URL holds where the template has placeholders, as spans of the URL (the MAC
    /// input is a span of the URL's own text), or `nil` when the URL does not have the template's
    /// shape: its literal text differs, a placeholder is not hex of the mirrored length, or `{enc}`
    /// is not whole AES blocks. `{picc}` is read as AES mode's 32 digits, else as LRP's 48.
    func match(_ url: String) -> [SUNPlaceholder: Range<String.Index>]? {
        match(url, lrp: false) ?? (placeholders.contains(.picc) ? match(url, lrp: true) : nil)
    }

    private func match(_ url: String, lrp: Bool) -> [SUNPlaceholder: Range<String.Index>]? {
        let utf8 = url.utf8
        var position = utf8.startIndex
        var values: [SUNPlaceholder: Range<String.Index>] = [:]
        for (number, piece) in pieces.enumerated() {
            switch piece {
            case .text(let text):
                guard utf8[position...].starts(with: text.utf8) else { return nil }
                position = utf8.index(position, offsetBy: text.utf8.count)
            case .placeholder(let placeholder):
                let remaining = utf8.distance(from: position, to: utf8.endIndex)
                let length: Int
                if let fixed = placeholder.fixedLength(lrp: lrp) {
                    length = fixed
                } else {
                    // Only {enc} varies: it takes what the pieces after it leave.
                    length = remaining - pieces[(number + 1)...].reduce(0) { $0 + $1.mirroredLength(lrp: lrp) }
                    guard length > 0, length % 32 == 0 else { return nil }
                }
                guard length <= remaining else { return nil }
                let end = utf8.index(position, offsetBy: length)
                // The tag mirrors uppercase hex (NT4H2421Gx §9.3): with the template a URL must
                // have the tag's exact shape, so a value with its case changed is not the tag's.
                guard url.utf8[position..<end].allSatisfy(Self.isMirroredHexDigit) else { return nil }
                values[placeholder] = position..<end
                position = end
            }
        }
        return position == utf8.endIndex ? values : nil
    }
}

extension SUNTemplatePattern {
    /// 0-9 and A-F: the characters an NTAG 424 DNA mirrors.
    static func isMirroredHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46)
    }
}

extension SUNTemplatePattern.Piece {
    /// The bytes this piece takes in a URL; 0 for `{enc}`, whose length varies.
    func mirroredLength(lrp: Bool) -> Int {
        switch self {
        case .text(let text): text.utf8.count
        case .placeholder(let placeholder): placeholder.fixedLength(lrp: lrp) ?? 0
        }
    }
}
