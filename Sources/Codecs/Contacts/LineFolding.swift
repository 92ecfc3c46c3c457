/// Line folding for vCard and other RFC 2425 content lines.
///
/// RFC 2426 §2.6 / RFC 2425 §5.8.1: a line longer than 75 octets is folded by inserting CRLF
/// followed by one space; an unfolding reader removes every CRLF that is followed by a space or
/// a tab. The limit counts octets of UTF-8, not characters, so a folder working on characters
/// produces lines that strict readers reject.
public enum LineFolding {
    /// The longest physical line, in octets, excluding its CRLF.
    public static let maximumLineOctets = 75

    /// Folds one logical line (no CR or LF in it) into physical lines, each ending in CRLF.
    ///
    /// Where a fold may go, in order of preference:
    /// - never inside a UTF-8 sequence, nor between the scalars of one grapheme cluster (an emoji
    ///   with modifiers, a letter with combining marks stays on one physical line);
    /// - never between a backslash and the character it escapes, so a reader that decodes escapes
    ///   per physical line still works;
    /// - never right before whitespace or right after `=`: a continuation line that holds only
    ///   whitespace looks like a blank line to line-by-line readers (Python vobject reading with
    ///   `allowQP=True` ends the logical line there and then fails on the next one), and a physical
    ///   line ending in `=` makes vCard 2.1-aware readers expect a quoted-printable soft break
    ///   (the same vobject mode joins the next line with a line break when the text so far contains
    ///   "quoted-printable").
    /// When a stretch longer than a line offers no preferred point (74 octets of spaces), the fold
    /// falls back to any grapheme boundary; a single grapheme longer than a line (dozens of
    /// combining marks) is split between its scalars, still never inside a UTF-8 sequence.
    public static func fold(_ line: String) -> [UInt8] {
        if line.utf8.count <= maximumLineOctets { return Array(line.utf8) + [0x0D, 0x0A] }
        let atoms = self.atoms(of: line)
        var out: [UInt8] = []
        out.reserveCapacity(line.utf8.count + line.utf8.count / 24 + 4)
        var index = 0
        var first = true
        while index < atoms.count || first {
            let limit = first ? maximumLineOctets : maximumLineOctets - 1
            if !first { out.append(0x20) }
            let end = chunkEnd(atoms, from: index, limit: limit)
            if end == index {
                // One atom larger than a whole line: split it between scalars.
                let pieces = splitOversizedAtom(
                    atoms[index].bytes, firstLimit: limit, laterLimit: maximumLineOctets - 1)
                for (number, piece) in pieces.enumerated() {
                    if number > 0 { out.append(contentsOf: [0x0D, 0x0A, 0x20]) }
                    out.append(contentsOf: piece)
                }
                index += 1
            } else {
                for atom in atoms[index..<end] { out.append(contentsOf: atom.bytes) }
                index = end
            }
            out.append(contentsOf: [0x0D, 0x0A])
            first = false
        }
        return out
    }

    /// Undoes folding: removes each CRLF (or bare LF) that is followed by a space or a tab, and the
    /// one whitespace character after it.
    public static func unfold(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 2 < bytes.count, bytes[index + 1] == 0x0A,
                bytes[index + 2] == 0x20 || bytes[index + 2] == 0x09
            {
                index += 3
                continue
            }
            if byte == 0x0A, index + 1 < bytes.count, bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 {
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    struct Atom {
        var bytes: [UInt8]
        /// A fold may be placed before this atom without the fallbacks.
        var preferredBreakBefore: Bool
    }

    /// Grapheme clusters, with an escaping backslash glued to the character it escapes.
    static func atoms(of line: String) -> [Atom] {
        var atoms: [Atom] = []
        var gluePending = false
        var previousEndsWithEquals = false
        for character in line {
            let bytes = Array(character.utf8)
            if gluePending, !atoms.isEmpty {
                atoms[atoms.count - 1].bytes.append(contentsOf: bytes)
                gluePending = false
                previousEndsWithEquals = bytes.last == UInt8(ascii: "=")
                continue
            }
            let preferred = !Self.looksBlank(character) && !previousEndsWithEquals
            atoms.append(Atom(bytes: bytes, preferredBreakBefore: preferred))
            gluePending = character == "\\"
            previousEndsWithEquals = bytes.last == UInt8(ascii: "=")
        }
        return atoms
    }

    /// Whitespace by Unicode's definition, plus the separators U+001C–U+001F that Python's
    /// `str.isspace` (and so vobject's blank-line test) also counts.
    static func looksBlank(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.allSatisfy { (0x1C...0x1F).contains($0.value) }
    }

    /// The index one past the last atom of the chunk starting at `start`: the last preferred
    /// break point within `limit` octets, else the last atom boundary within it. Returns `start`
    /// when even the first atom does not fit.
    static func chunkEnd(_ atoms: [Atom], from start: Int, limit: Int) -> Int {
        var used = 0
        var index = start
        var lastPreferred: Int? = nil
        while index < atoms.count, used + atoms[index].bytes.count <= limit {
            used += atoms[index].bytes.count
            index += 1
            if index == atoms.count || atoms[index].preferredBreakBefore { lastPreferred = index }
        }
        if index == atoms.count { return index }
        return lastPreferred ?? index
    }

    /// Splits one grapheme's bytes between its scalars: the first piece fills the current line
    /// (at most `firstLimit` octets), later pieces are continuation lines (`laterLimit`).
    static func splitOversizedAtom(_ bytes: [UInt8], firstLimit: Int, laterLimit: Int) -> [[UInt8]] {
        var pieces: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            let length = utf8SequenceLength(bytes[index])
            let end = min(index + length, bytes.count)
            let scalar = bytes[index..<end]
            let limit = pieces.count == 1 ? firstLimit : laterLimit
            if pieces[pieces.count - 1].count + scalar.count > limit {
                pieces.append([])
            }
            pieces[pieces.count - 1].append(contentsOf: scalar)
            index = end
        }
        return pieces
    }

    static func utf8SequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
