#if FUZZING
    import NDEF
    @testable import MessageRendering
    @testable import TapCardCLI
    import TapCardSupport

    /// `tapcard decode --jsonl`'s engine (``BulkDecoder``: line scanning with memchr, hex decoding
    /// into a reused buffer, the raw-pointer ``StreamingJSONWriter`` fast path) against the strict
    /// decoder, line by line. The first byte picks the input: even, the rest is the text itself
    /// (line breaks, bad hex, CRLF); odd, the rest is one NDEF message, written as one hex line
    /// (upper or lower case by bit 1, CRLF by bit 2), so mutations reach the fast path's record
    /// walk directly.
    ///
    /// Invariants: the bulk output equals, byte for byte, what the strict decoder writes for each
    /// line; the counts of lines and invalid lines agree.
    enum JSONLinesFuzz {
        static let target = FuzzTarget(name: "jsonl") { input in
            guard let mode = input.first else { return }
            var text: [UInt8]
            if mode & 1 == 0 {
                text = Array(input.dropFirst())
            } else {
                text = Array(Hex.encode(Array(input.dropFirst()), uppercase: mode & 2 != 0).utf8)
                text += mode & 4 != 0 ? [0x0D, 0x0A] : [0x0A]
            }
            var decoder = BulkDecoder()
            var bulk: [UInt8] = []
            decoder.decode(text) { bulk.append(contentsOf: $0) }

            var strict: [UInt8] = []
            var lines = 0
            var invalid = 0
            var pieces = text.split(separator: 0x0A, omittingEmptySubsequences: false)
            if text.last == 0x0A || text.isEmpty { pieces.removeLast() }
            for piece in pieces {
                var line = Array(piece)
                if line.last == 0x0D { line.removeLast() }
                lines += 1
                do throws(HexError) {
                    let bytes = try Hex.decode(utf8: line[...])
                    if !BulkDecoder.decodeStrictly(bytes, into: &strict) { invalid += 1 }
                } catch {
                    let wrapped = HexInputError(error)
                    MessageJSONWriter.writeError(wrapped.rule, offset: wrapped.offset, into: &strict)
                    strict.append(0x0A)
                    invalid += 1
                }
            }
            if decoder.lines != lines || decoder.invalid != invalid {
                violated("\(decoder.lines) lines, \(decoder.invalid) invalid; strict: \(lines), \(invalid)", input)
            }
            if bulk != strict {
                let at = zip(bulk, strict).prefix { $0 == $1 }.count
                violated("bulk and strict output differ at byte \(at)", input)
            }
        }
    }
#endif
