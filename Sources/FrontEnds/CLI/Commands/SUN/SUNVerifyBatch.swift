import CommandLineKit
import Foundation
import SUN
import Store
import TapCardSupport

/// `sun verify --jsonl`: every input line verified in this process, one JSON v1 result per line in
/// input order. A verifier is prepared once per key pair (the options' pair, or each distinct pair
/// the JSON objects name) and reused, so a line costs only its own URL's work.
struct SUNVerifyBatch {
    let keys: SUNKeyOptions
    let store: TapCardStore?
    /// The clock an accepted counter is recorded at: read per line, since a co-process runs for days.
    let now: () -> Date
    /// The AES contexts every line is verified on, re-keyed per line: none is made per URL.
    private let workspace = SUNWorkspace()
    /// Verifiers by the keys a line names (as given), or the key error they give; a master key's
    /// derivation is prepared once.
    private var verifiers: [KeyPair: Result<SUNVerifier, SUNError>] = [:]
    /// The last line's keys and their verifier.
    private var last: (pair: KeyPair, verifier: Result<SUNVerifier, SUNError>)?
    /// Lines malformed (65) and refused (1).
    private(set) var malformed = 0
    private(set) var refused = 0

    struct KeyPair: Hashable {
        var meta: String?
        var file: String?
        var master: String?
    }

    /// Verifiers kept at most: a batch naming more key pairs starts over rather than grow.
    static let cachedPairs = 1024

    init(keys: SUNKeyOptions, store: TapCardStore?, now: @escaping () -> Date) {
        self.keys = keys
        self.store = store
        self.now = now
    }

    /// Verifies every line of `input`; returns 0, 1 (some line refused) or 65 (some line malformed).
    mutating func run(_ input: [UInt8], io: some CommandIO) -> ExitStatus {
        var chunks = [input][...]
        return run(reading: { chunks.popFirst() }, io: io)
    }

    /// Verifies every line `next` delivers (a chunk at a time, `nil` at the end) and answers each
    /// chunk's lines as soon as they are verified, flushed: a server keeping TapCard as a
    /// co-process writes a line and reads its answer. Returns 0, 1 or 65 as ``run(_:io:)``.
    mutating func run(reading next: () -> [UInt8]?, io: some CommandIO) -> ExitStatus {
        var lineNumber = 0
        var pending: [UInt8] = []
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        var ended = false
        while !ended {
            if let chunk = next() {
                pending += chunk
            } else {
                ended = true
                if !pending.isEmpty, pending.last != 0x0A { pending.append(0x0A) }
            }
            var start = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, pending[end - 1] == 0x0D { end -= 1 }
                lineNumber += 1
                if end > start {
                    answer(String(decoding: pending[start..<end], as: UTF8.self), number: lineNumber, into: &out)
                    if out.count >= 1 << 16 {
                        io.write(out)
                        out.removeAll(keepingCapacity: true)
                    }
                }
                start = newline + 1
            }
            pending.removeFirst(start)
            if !out.isEmpty {
                io.write(out)
                out.removeAll(keepingCapacity: true)
            }
            io.flush()
        }
        if malformed > 0 {
            io.printError(
                "error: \(malformed) of the lines \(malformed == 1 ? "was" : "were") malformed (reason malformed-url or key-length)."
            )
            return .dataError
        }
        if refused > 0 {
            io.printError("error: \(refused) of the URLs \(refused == 1 ? "was" : "were") refused.")
            return .failure
        }
        return .success
    }

    /// The result line of one input line, appended to `out`.
    private mutating func answer(_ line: String, number: Int, into out: inout [UInt8]) {
        let outcome = verify(line: line)
        if case .accepted(let result, let previous) = outcome {
            Self.writeAccepted(result, previous: previous, tracked: store != nil, line: number, into: &out)
        } else {
            JSONContract.versioned(SUNVerifyCommand.resultJSON(outcome, tracked: store != nil, line: number))
                .write(into: &out)
        }
        out.append(0x0A)
    }

    /// The result line of an accepted URL written straight into `out`, byte for byte what
    /// ``SUNVerifyCommand/resultJSON(_:tracked:line:)`` serializes (a test holds the two together),
    /// without building the JSON tree: the batch's hot path.
    static func writeAccepted(
        _ result: SUNVerification, previous: Int?, tracked: Bool, line: Int, into out: inout [UInt8]
    ) {
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func appendInt(_ value: Int) { out.append(contentsOf: String(value).utf8) }
        func appendHex(_ bytes: [UInt8]) {
            out.append(0x22)
            for byte in bytes {
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
            out.append(0x22)
        }
        append("{\"schema_version\":")
        appendInt(JSONContract.schemaVersion)
        append(",\"line\":")
        appendInt(line)
        append(",\"valid\":true,\"uid\":")
        appendHex(result.uid)
        append(",\"counter\":")
        appendInt(result.counter)
        if let data = result.fileData {
            append(",\"file_data\":")
            appendHex(data)
            append(",\"file_text\":")
            JSON.writeString(String(decoding: data, as: UTF8.self), into: &out)
        } else {
            append(",\"file_data\":null,\"file_text\":null")
        }
        append(",\"reason\":null,\"message\":null,\"tracked\":")
        append(tracked ? "true" : "false")
        append(",\"last_counter\":")
        if let previous { appendInt(previous) } else { append("null") }
        out.append(0x7D)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func verify(line: String) -> SUNVerifyCommand.Outcome {
        let outcome = outcomeOf(line)
        if case .refused(let error, _) = outcome {
            if error.origin == .input { malformed += 1 } else { refused += 1 }
        }
        return outcome
    }

    private mutating func outcomeOf(_ line: String) -> SUNVerifyCommand.Outcome {
        let parsed: SUNBatchLine
        do {
            // A URL line is the URL itself, no copy; only an object goes through the reader.
            let first = line.utf8.first
            parsed =
                first == UInt8(ascii: "{") || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
                ? try SUNBatchLine.parse(line[...]) : SUNBatchLine(url: line)
        } catch {
            return .refused(
                .malformedURL(reason: "the line is not a URL nor a valid JSON object: \(error.reason)"),
                lastCounter: nil)
        }
        let verifier: SUNVerifier
        switch prepared(KeyPair(meta: parsed.metaKey, file: parsed.fileKey, master: parsed.masterKey)) {
        case .success(let ready): verifier = ready
        case .failure(let error): return .refused(error, lastCounter: nil)
        }
        do {
            return SUNVerifyCommand.record(
                try verifier.verify(url: parsed.url, workspace: workspace), store: store,
                at: store == nil ? Date.distantPast : now())
        } catch {
            return .refused(error, lastCounter: nil)
        }
    }

    private mutating func prepared(_ pair: KeyPair) -> Result<SUNVerifier, SUNError> {
        if let last, last.pair == pair { return last.verifier }
        // A key pair costs nothing to set up (the workspace re-keys), so only a master key's
        // derivation, which hashes, is worth remembering beyond the last line's.
        guard pair.master != nil || (pair.meta == nil && pair.file == nil) else {
            let made = make(pair)
            last = (pair, made)
            return made
        }
        if let known = verifiers[pair] {
            last = (pair, known)
            return known
        }
        let made = make(pair)
        if verifiers.count >= Self.cachedPairs { verifiers.removeAll(keepingCapacity: true) }
        verifiers[pair] = made
        last = (pair, made)
        return made
    }

    private func make(_ pair: KeyPair) -> Result<SUNVerifier, SUNError> {
        do throws(SUNError) {
            return .success(try keys.verifier(meta: pair.meta, file: pair.file, master: pair.master))
        } catch {
            return .failure(error)
        }
    }
}
