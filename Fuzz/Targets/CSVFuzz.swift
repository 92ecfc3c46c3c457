#if FUZZING
    import Cards
    @testable import TapCardCLI
    import TapCardSupport

    /// The batch spreadsheet: ``CSV`` (RFC 4180 records) and ``BatchSheet`` (rows → NDEF messages
    /// for each card format) on arbitrary text.
    ///
    /// Invariants: parsed records written back with `CSV.line` parse to the same records; an
    /// unterminated quote names a line inside the text; a sheet's rows are numbered upwards and
    /// each message encodes; every error has a sentence.
    enum CSVFuzz {
        static let target = FuzzTarget(name: "csv") { input in
            let text = String(decoding: input, as: UTF8.self)
            do throws(CSVError) {
                let records = try CSV.parse(text)
                let again = try? CSV.parse(records.map(CSV.line).joined(separator: "\n"))
                if again != records { violated("CSV.line → parse round trip", input) }
            } catch {
                if case .unterminatedQuote(let line) = error,
                    line < 1 || line > text.utf8.filter({ $0 == 0x0A }).count + 1
                {
                    violated("unterminated quote on line \(line), outside the text", input)
                }
                if error.sentence.isEmpty { violated("empty CSV error sentence", input) }
            }
            for format in [CardFormat.vcard, .mecard, .url, .dual] {
                do {
                    let sheet = try BatchSheet.parse(text, format: format)
                    var previous = 0
                    for item in sheet.items {
                        if item.row <= previous { violated("row numbers not increasing", input) }
                        previous = item.row
                        _ = item.message.encoded()
                    }
                } catch let error as any TapCardError {
                    if error.sentence.isEmpty { violated("empty batch error sentence", input) }
                } catch {
                    violated("a batch error that is not ours: \(error)", input)
                }
            }
        }
    }
#endif
