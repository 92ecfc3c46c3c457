#if FUZZING
    import Foundation
    import SUN
    import CommandLineKit
    @testable import TapCardCLI
    import TapCardSupport

    /// `sun verify --jsonl`'s input (``SUNBatchLine``, the strict JSON-object reader, and
    /// ``SUNVerifyBatch``) and the template matcher (``SUNTemplatePattern``) on any bytes. The first
    /// byte picks: even, the rest is a batch verified under all-zero option keys; odd, the first line
    /// of the rest is a template and every further line a URL matched against it.
    ///
    /// Invariants: one result line per non-empty input line, each a JSON v1 object that starts with
    /// its schema version and line number, in input order, counted as valid, refused or malformed
    /// as the exit status says; a line the object reader accepts keeps its URL when written back as
    /// JSON and read again; a URL never verifies against a template whose shape it does not have.
    enum SUNBatchFuzz {
        static let zero = String(repeating: "0", count: 32)

        static let target = FuzzTarget(name: "sun-jsonl") { input in
            guard let mode = input.first else { return }
            let rest = Array(input.dropFirst())
            if mode & 1 == 0 { batch(rest, input: input) } else { template(rest, input: input) }
        }

        static func batch(_ text: [UInt8], input: [UInt8]) {
            let io = CapturedIO(input: [])
            var keys = SUNKeyOptions()
            keys.metaKey = zero
            keys.fileKey = zero
            var batch = SUNVerifyBatch(keys: keys, store: nil, now: { Date(timeIntervalSince1970: 0) })
            let status = batch.run(text, io: io)
            var expected: [Int] = []
            var number = 0
            for piece in text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(
                text.last == 0x0A ? 1 : 0)
            {
                number += 1
                if !(piece.isEmpty || Array(piece) == [0x0D]) { expected.append(number) }
            }
            let lines = io.output.split(separator: 0x0A)
            if lines.count != expected.count { violated("\(lines.count) results for \(expected.count) lines", input) }
            var valid = 0
            for (line, number) in zip(lines, expected) {
                let text = String(decoding: line, as: UTF8.self)
                if !text.hasPrefix("{\"schema_version\":1,\"line\":\(number),") {
                    violated("result out of order or unversioned: \(text.prefix(40))", input)
                }
                if text.contains("\"valid\":true") { valid += 1 }
            }
            let failed = expected.count - valid
            if failed != batch.malformed + batch.refused { violated("counts disagree with the results", input) }
            let want: CommandLineKit.ExitStatus =
                batch.malformed > 0 ? .dataError : batch.refused > 0 ? .failure : .success
            if status != want {
                violated("exit \(status) for \(batch.malformed) malformed, \(batch.refused) refused", input)
            }
            for piece in text.split(separator: 0x0A) {
                let line = String(decoding: piece, as: UTF8.self)
                guard line.first == "{", let parsed = try? SUNBatchLine.parse(line[...]) else { continue }
                var out: [UInt8] = []
                JSON.object([("url", .string(parsed.url))]).write(into: &out)
                let again = try? SUNBatchLine.parse(String(decoding: out, as: UTF8.self)[...])
                if again?.url != parsed.url { violated("a URL did not survive JSON and back", input) }
            }
        }

        static func template(_ text: [UInt8], input: [UInt8]) {
            let lines = text.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
            guard let first = lines.first, let pattern = try? SUNTemplatePattern(first),
                let verifier = try? SUNVerifier(
                    metaKey: [UInt8](repeating: 0, count: 16), fileKey: [UInt8](repeating: 0, count: 16),
                    pattern: pattern)
            else { return }
            for url in lines.dropFirst() {
                do {
                    let result = try verifier.verify(url: url)
                    // Accepted: every literal piece of the template is in the URL, in order.
                    var rest = url[...]
                    for case .text(let literal) in pattern.pieces {
                        guard let found = rest.range(of: literal) else {
                            violated("accepted a URL without the template's text \(literal)", input)
                        }
                        rest = rest[found.upperBound...]
                    }
                    if result.uid.count != 7 { violated("accepted a \(result.uid.count)-byte UID", input) }
                } catch {
                    if error.sentence.isEmpty { violated("empty SUN error sentence", input) }
                }
            }
        }
    }
#endif
