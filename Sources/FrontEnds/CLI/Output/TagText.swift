import Foundation
import MessageRendering
import NDEF
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The human-readable lines of the tag commands.
enum TagText {
    /// "Wrote 9 bytes" after a write that sent something, "The 9-byte message was already on the
    /// tag" when the tag held it and nothing was written (so no line says both), `place` after
    /// the bytes ("to NDEF file E104" / "in NDEF file E104").
    static func wrote(_ bytes: Int, nothingWritten: Bool, place: (to: String, in: String)? = nil) -> String {
        if nothingWritten {
            return "The \(bytes)-byte message was already \(place.map { $0.in } ?? "on the tag")"
        }
        return "Wrote \(bytes) bytes" + (place.map { " " + $0.to } ?? "")
    }

    static func chip(_ identification: ChipIdentification) -> String {
        let name = identification.model?.displayName ?? "unknown Type 2 tag"
        switch identification.evidence {
        case .version(let bytes): return "\(name) (GET_VERSION \(Hex.encode(bytes, uppercase: true, separator: " ")))"
        case .noVersion: return "assuming \(name) (the tag does not answer GET_VERSION; guessed from its CC)"
        case .declared: return "\(name) (as the virtual tag file declares)"
        }
    }

    static func uid(_ uid: TagUID?) -> String {
        guard let uid else { return "UID: not read" }
        let check = uid.checkBytesValid == false ? ", check bytes WRONG" : ""
        return "UID: \(uid) (\(uid.manufacturer.displayName)\(check))"
    }

    static func capacity(_ capacity: Capacity) -> String {
        capacity.source == .reported
            ? "\(capacity.bytes) bytes (reported by the tag's CC and TLVs)"
            : "assuming \(capacity.bytes) bytes (model default)"
    }

    /// The capacity, or why it is not known: a read-protected tag hides the TLVs it derives from.
    static func capacity(_ capacity: Capacity, content: NDEFContent) -> String {
        if case .passwordProtected(let page) = content {
            return "not known (the tag refused to read its TLVs from page \(page) on without its password or key)"
        }
        return Self.capacity(capacity)
    }

    /// The envelope's status line, the same words on every tag type: the status, then the
    /// capacity with who reported it (`source`, the type's words: "reported by the tag's CC and
    /// TLVs", "Nmaxb × 16, reported by the card's attribute block"), "assuming" for a tag not formatted, or why it is not
    /// known.
    static func statusLine(_ report: TagReport, source: String) -> String {
        let status: String =
            switch report.status {
            case .notFormatted: "not formatted (format it first: tapcard format)"
            case .readWrite: "read-write"
            case .readOnly: "read-only"
            }
        let capacity: String
        if let figure = report.capacity {
            capacity =
                figure.source == .reported
                ? "\(figure.bytes) bytes (\(source))"
                : "assuming \(figure.bytes) bytes once formatted as TapCard formats \(report.facts.model?.withArticle ?? "it")"
        } else if case .passwordProtected(let page) = report.content {
            capacity = "not known (the tag refused to read its TLVs from page \(page) on without its password or key)"
        } else {
            capacity = "not known (TapCard has no facts for this chip)"
        }
        return "NDEF status: \(status); capacity \(capacity)"
    }

    static func status(_ status: NDEFStatus) -> String {
        switch status {
        case .notSupported: "not NDEF-formatted"
        case .readWrite: "read-write"
        case .readOnly: "read-only"
        }
    }

    /// The words for what a read found. `model` names the credential a read-guarded Type 2 chip
    /// wants: its 16-byte key (`--auth-key`) where it has one, else its password.
    static func content(_ content: NDEFContent, model: TagModel? = nil) -> [String] {
        switch content {
        case .notFormatted: ["NDEF: none (the tag is not NDEF-formatted)"]
        case .empty: ["NDEF: empty message"]
        case .interrupted(let error), .malformed(let error): ["NDEF: \(error.sentence)"]
        case .noNDEFMessageTLV(let statement): ["NDEF: \(statement)"]
        case .passwordProtected(let page):
            [
                model?.type2KeyCipher != nil
                    ? "NDEF: key-protected: the tag refused to read page \(page) and on without its key (reads guarded from AUTH0); give --auth-key HEX32."
                    : "NDEF: password-protected: the tag refused to read page \(page) and on without its password (ACCESS.PROT); give --password HEX8."
            ]
        case .message(let message, let bytes):
            MessageDescription.lines(
                message, views: message.records.map(\.view), locations: [], inputLength: bytes.count
            ).flatMap(continuationLines)
        }
    }

    /// A description line whose text payload spans several lines (a vCard), split so every line
    /// keeps the "    | " margin of the first.
    static func continuationLines(_ line: String) -> [String] {
        // "\r\n" is one Character in Swift: normalise line ends before splitting.
        var parts = line.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        while parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard parts.count > 1 else { return [line] }
        let margin = parts[0].prefix { $0 == " " || $0 == "|" }
        return [parts[0]] + parts.dropFirst().map { margin + $0 }
    }

    /// "page 5", "pages 5–7", "pages 5, 16–18": the list with its noun, singular for one page.
    static func pagePhrase(_ pages: [Int]) -> String {
        (Set(pages).count == 1 ? "page " : "pages ") + pageRanges(pages)
    }

    /// "5, 16–18, 21" for [5, 16, 17, 18, 21]; "none" for [].
    static func pageRanges(_ pages: [Int]) -> String {
        guard !pages.isEmpty else { return "none" }
        var parts: [String] = []
        var start = pages[0]
        var end = pages[0]
        for page in pages.dropFirst() {
            if page == end + 1 {
                end = page
                continue
            }
            parts.append(start == end ? "\(start)" : "\(start)–\(end)")
            start = page
            end = page
        }
        parts.append(start == end ? "\(start)" : "\(start)–\(end)")
        return parts.joined(separator: ", ")
    }

    /// The lines after a write, the same on every tag type: its statistics and how it was checked.
    /// `readBack` words what the type read back ("NLEN and the 250-byte message back after the last
    /// write"); `subject` what matched ("it", "the 20-byte message on the tag"); `holder` is "tag" or
    /// "card"; `alreadySuffix` ends the already-on-tag sentence.
    static func writeCheck(
        _ report: some EnvelopedWriteReport, readBack: (WriteVerification.Scope) -> String, subject: String = "it",
        holder: String = "tag", alreadySuffix: String = ""
    ) -> [String] {
        let check: String =
            switch report.verification {
            case .readBack(let scope, let match):
                "Verified: read \(readBack(scope)); \(Self.match(match, subject: subject)) (\(statistics(report.verifyStatistics)))."
            case .alreadyOnTag:
                "Verified: the read before writing found these \(report.messageBytes) bytes on the \(holder), record by record\(alreadySuffix)."
            case .none:
                "Not verified (--no-verify)."
            }
        return ["Write: \(statistics(report.writeStatistics))", check]
    }

    /// What a read-back covered: pages (Type 2) or the message bytes (Types 3, 4, 5).
    static func readBackPages(_ scope: WriteVerification.Scope) -> [Int] {
        if case .pages(let pages) = scope { return Array(pages) }
        return []
    }

    /// "it matches record by record", or the same records in other bytes, said as such.
    static func match(_ match: VerificationMatch, subject: String = "it") -> String {
        switch match {
        case .bytes: "\(subject) matches record by record"
        case .recordsOnly:
            "\(subject) decodes to the same records, but in other bytes than were written (another encoding of the same message)"
        }
    }

    static func statistics(_ statistics: CommandStatistics) -> String {
        "\(statistics.commands) command\(statistics.commands == 1 ? "" : "s"), modeled air time \(statistics.modeledMilliseconds) ms (datasheet timing, not measured)"
    }

    static func inspection(_ inspection: TagInspection, path: String) -> [String] {
        let snapshot = inspection.snapshot
        var lines = ["Tag: \(path)", "Chip: \(chip(inspection.identification))", uid(snapshot.uid)]
        if let cc = snapshot.cc {
            let ccText = Hex.encode(cc.bytes, uppercase: true, separator: " ")
            lines.append(
                cc.isNDEFFormatted
                    ? "CC: \(ccText) (version \(cc.version), data area \(cc.dataAreaBytes) bytes, \(cc.isWritable ? "write access" : "no write access"))"
                    : "CC: \(ccText) (not an NDEF CC)")
        }
        lines.append(
            statusLine(TagReport(inspection), source: "reported by the tag's CC and TLVs")
        )
        for tlv in snapshot.walk?.tlvs ?? [] {
            var line = "TLV \(tlv.kind.name) at offset \(tlv.offset)"
            if tlv.kind != .null && tlv.kind != .terminator { line += ", length \(tlv.length)" }
            if !tlv.value.isEmpty { line += ", value \(Hex.encode(tlv.value, uppercase: true, separator: " "))" }
            lines.append(line)
        }
        if let lock = snapshot.staticLock {
            let pages = lock.lockedPages
            lines.append(
                "Static lock bytes: \(Hex.encode([lock.bytes.0, lock.bytes.1], uppercase: true, separator: " "))"
                    + (pages.isEmpty
                        ? " (no page locked)" : " (locked pages \(pages.map(String.init).joined(separator: ", ")))"))
        }
        if let dynamic = snapshot.dynamicLockPageBytes {
            lines.append("Dynamic lock bytes: \(Hex.encode(dynamic, uppercase: true, separator: " "))")
        }
        lines += content(inspection.content, model: inspection.model)
        let keyAccess = inspection.keyAccess
        lines += protection(
            model: inspection.model, configuration: inspection.accessConfiguration, keyAccess: keyAccess,
            readRefusedFromPage: snapshot.readRefusedFromPage, acknowledge: inspection.acknowledge)
        if let keyAccess {
            lines.append(
                "Key configuration: "
                    + keyAccess.configurationPages.map {
                        "\($0.name) page \($0.page) \(Hex.encode($0.bytes, uppercase: true, separator: " "))"
                    }.joined(separator: "; "))
        }
        lines.append("Originality signature: \(signatureVerdict(inspection.signature))")
        lines.append(inspection.signature.statement)
        lines.append("Memory (\(snapshot.memory.count) bytes):")
        for page in 0..<(snapshot.memory.count / 4) {
            let bytes = snapshot.memory[page * 4..<page * 4 + 4]
            lines.append("  \(String(page).leftPadded(to: 3)): \(Hex.encode(bytes, uppercase: true, separator: " "))")
        }
        lines.append(statistics(inspection.statistics))
        return lines
    }

    /// The password lines of `info` ("Password: …"): what CFG0/CFG1 say in words, or why they
    /// could not be read.
    static func protection(
        model: TagModel?, configuration: AccessConfiguration?, keyAccess: KeyAccessState? = nil,
        readRefusedFromPage: Int?, acknowledge: PasswordAcknowledge?
    ) -> [String] {
        // A key-guarded chip (Ultralight C, Ultralight AES): AUTH0, the read guard and its flags
        // (an Ultralight AES's random ID and secure messaging), or why they could not be read.
        if let keyAccess { return keyAccess.sentences.map { "Key (\(keyAccess.cipher.name)): " + $0 } }
        if let cipher = model?.type2KeyCipher {
            guard let page = readRefusedFromPage else {
                return ["Key (\(cipher.name)): the configuration pages were not read."]
            }
            return [
                "Key (\(cipher.name)): its configuration pages could not be read without the key: the tag refused to read page \(page) and on (reads are guarded from AUTH0 at or before them); give --auth-key HEX32."
            ]
        }
        guard let model, PasswordScheme.of(model) != nil else {
            return ["Password: none (\(model?.withArticle ?? "this chip") has no PWD_AUTH)."]
        }
        var lines: [String] = []
        if let acknowledge { lines.append("Password: accepted by the tag (it answered PACK \(acknowledge)).") }
        if let configuration {
            lines += configuration.sentences.map { "Password: " + $0 }
        } else if let page = readRefusedFromPage {
            lines.append(
                "Password: reads need it too: the tag refused to read page \(page) and on (its configuration included) without the password; pages \(page) and on also need it to be written."
            )
        } else {
            lines.append("Password: the configuration pages were not read.")
        }
        if let page = readRefusedFromPage, configuration != nil {
            lines.append("Password: the tag refused to read page \(page) and on without the password.")
        }
        return lines
    }

    /// "valid (NXP's NTAG21x key), 77BB…", "invalid, 0000…" or "not checked": the verdict first,
    /// so it reads at a glance; the statement on the next line says what it means.
    static func signatureVerdict(_ check: SignatureCheck) -> String {
        let word =
            switch check.verdict {
            case .valid(let keyName): "valid (NXP's \(keyName) key)"
            case .invalid: "invalid"
            case .unavailable: "not checked"
            }
        guard let bytes = check.signature else { return word }
        return "\(word), \(Hex.encode(bytes, uppercase: true))"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
