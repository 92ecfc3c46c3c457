#if FUZZING
    import TapCardSupport

    /// `Hex.decode` on arbitrary text. Whatever it accepts must survive encode → decode unchanged,
    /// and the error it throws must name an offset inside the text.
    enum HexFuzz {
        static let target = FuzzTarget(name: "hex") { input in
            let text = String(decoding: input, as: UTF8.self)
            do throws(HexError) {
                let bytes = try Hex.decode(text)
                if bytes.count > text.utf8.count / 2 { violated("more bytes than digit pairs", input) }
                for separator in ["", " ", ":"] {
                    let again = try? Hex.decode(Hex.encode(bytes, uppercase: separator == ":", separator: separator))
                    if again != bytes { violated("encode → decode round trip with '\(separator)'", input) }
                }
            } catch {
                if error.offset < 0 || error.offset >= text.utf8.count {
                    violated("error offset \(error.offset) outside the text", input)
                }
                if error.sentence.isEmpty { violated("empty error sentence", input) }
            }
            // Any bytes, taken as the decoded side, must round-trip too.
            if (try? Hex.decode(Hex.encode(input))) != input { violated("bytes → hex → bytes", input) }
        }
    }
#endif
