import NDEF
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The JSON shapes of the tag commands (`read`, `info`, `write`, `erase`, `format`, `lock`).
enum TagJSON {
    static func uid(_ uid: TagUID?) -> JSON {
        guard let uid else { return .null }
        return .object([
            ("hex", .string(uid.hex)),
            ("checkBytesValid", uid.checkBytesValid.map(JSON.bool) ?? .null),
            ("manufacturer", .string(uid.manufacturer.displayName)),
            ("manufacturerCode", .int(Int(uid.manufacturer.code))),
        ])
    }

    static func chip(_ identification: ChipIdentification) -> JSON {
        let evidence: JSON =
            switch identification.evidence {
            case .version(let bytes):
                .object([("by", .string("GET_VERSION")), ("version", .string(Hex.encode(bytes)))])
            case .noVersion(let ccSize):
                .object([
                    ("by", .string("assuming, from the CC size: the tag does not answer GET_VERSION")),
                    ("ccSize", ccSize.map { .int(Int($0)) } ?? .null),
                ])
            case .declared:
                .object([("by", .string("declared by the virtual tag file"))])
            }
        return .object([
            ("model", identification.model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(identification.model?.displayName ?? "unknown Type 2 tag")),
            ("identifiedBy", evidence),
        ])
    }

    static func capacity(_ capacity: Capacity) -> JSON {
        .object([("bytes", .int(capacity.bytes)), ("source", .string(capacity.source.rawValue))])
    }

    /// Null when the tag hides the TLVs the capacity derives from (read-protected).
    static func capacity(_ capacity: Capacity, content: NDEFContent) -> JSON {
        if case .passwordProtected = content { return .null }
        return Self.capacity(capacity)
    }

    static func statistics(_ statistics: CommandStatistics) -> JSON {
        .object([
            ("commands", .int(statistics.commands)),
            ("modeledAirTimeMs", .double(statistics.modeledMilliseconds)),
        ])
    }

    static func content(_ content: NDEFContent) -> JSON {
        switch content {
        case .notFormatted:
            return .object([("state", .string("not-formatted"))])
        case .empty:
            return .object([
                ("state", .string("empty")), ("bytes", .int(0)), ("hex", .string("")), ("records", .array([])),
            ])
        case .message(let message, let bytes):
            return .object([
                ("state", .string("message")), ("bytes", .int(bytes.count)), ("hex", .string(Hex.encode(bytes))),
                ("records", .array(message.records.map(record))),
            ])
        case .interrupted(let error):
            return .object([("state", .string("interrupted-write")), ("error", .string(error.sentence))])
        case .passwordProtected(let page):
            return .object([
                ("state", .string("password-protected")), ("first_refused_page", .int(page)),
                (
                    "error",
                    .string(
                        "The tag refused to read page \(page) and on without its password (ACCESS.PROT); give --password HEX8."
                    )
                ),
            ])
        }
    }

    /// The password configuration as read: CFG0/CFG1 decoded (null when the chip has none or
    /// refused to read them), the first page the tag refused to read, whether this command
    /// presented a password the tag accepted, and the sentences `info` prints.
    static func protection(
        model: TagModel?, configuration: AccessConfiguration?, readRefusedFromPage: Int?,
        acknowledge: PasswordAcknowledge?
    ) -> JSON {
        var config = JSON.null
        if let configuration {
            let pages: JSON =
                configuration.protectedPages.map {
                    .object([("first", .int($0.lowerBound)), ("last", .int($0.upperBound))])
                } ?? .null
            config = .object([
                ("cfg0", .string(Hex.encode(configuration.cfg0))), ("cfg1", .string(Hex.encode(configuration.cfg1))),
                ("auth0", .int(configuration.auth0)), ("access", .string(Hex.encode([configuration.access]))),
                ("protected_pages", pages), ("protects_reads", .bool(configuration.protectsReads)),
                ("configuration_locked", .bool(configuration.isConfigurationLocked)),
                ("authlim", .int(configuration.authlim)),
                ("attempt_limit", configuration.attemptLimit.map(JSON.int) ?? .null),
                ("nfc_counter_enabled", configuration.counterEnabled.map(JSON.bool) ?? .null),
                ("nfc_counter_needs_password", configuration.counterNeedsPassword.map(JSON.bool) ?? .null),
            ])
        }
        return .object([
            ("has_password", .bool(model.flatMap(PasswordScheme.of) != nil)),
            ("configuration", config),
            ("read_refused_from_page", readRefusedFromPage.map(JSON.int) ?? .null),
            ("authenticated", .bool(acknowledge != nil)),
            ("pack", acknowledge.map { .string(Hex.encode($0.bytes)) } ?? .null),
            (
                "sentences",
                .array(
                    TagText.protection(
                        model: model, configuration: configuration, readRefusedFromPage: readRefusedFromPage,
                        acknowledge: acknowledge
                    ).map(JSON.string))
            ),
        ])
    }

    static func record(_ record: NDEFRecord) -> JSON {
        var members: [(String, JSON)] = [
            ("tnf", .int(Int(record.tnf.rawValue))), ("type", .string(String(decoding: record.type, as: UTF8.self))),
        ]
        let view = record.view
        members.append(("kind", .string(view.kind)))
        switch view {
        case .uri(let uri): members.append(("uri", .string(uri.uri)))
        case .text(let text):
            members.append(("text", .string(text.text)))
            members.append(("language", .string(text.language)))
        case .mime(let mime): members.append(("mimeType", .string(mime.type)))
        default: break
        }
        members.append(("payloadHex", .string(Hex.encode(record.payload))))
        return .object(members)
    }

    static func tlv(_ tlv: TLV) -> JSON {
        var members: [(String, JSON)] = [
            ("type", .string(tlv.kind.name)), ("offset", .int(tlv.offset)),
        ]
        if tlv.kind != .null && tlv.kind != .terminator {
            members.append(("length", .int(tlv.length)))
            members.append(("lengthFieldBytes", .int(tlv.lengthFieldBytes)))
        }
        if !tlv.value.isEmpty { members.append(("value", .string(Hex.encode(tlv.value)))) }
        return .object(members)
    }

    static func writes(_ writes: [PageWrite]) -> JSON {
        .array(
            writes.map {
                .object([
                    ("page", .int($0.page)), ("role", .string($0.role.rawValue)),
                    ("bytes", .string(Hex.encode($0.bytes))),
                ])
            })
    }

    static func inspection(_ inspection: TagInspection, path: String) -> JSON {
        let snapshot = inspection.snapshot
        let check = inspection.signature
        let verdict: JSON
        switch check.verdict {
        case .valid(let keyName): verdict = .object([("state", .string("valid")), ("key", .string(keyName))])
        case .invalid: verdict = .object([("state", .string("invalid"))])
        case .unavailable(let reason):
            verdict = .object([("state", .string("unavailable")), ("reason", .string(reason))])
        }
        var signatureBytes = JSON.null
        if let bytes = check.signature { signatureBytes = .string(Hex.encode(bytes)) }
        let signature = JSON.object([
            ("verdict", verdict), ("signature", signatureBytes), ("statement", .string(check.statement)),
        ])
        let formattedCC: CapabilityContainer? = snapshot.cc?.isNDEFFormatted == true ? snapshot.cc : nil
        var ccJSON = JSON.null
        if let cc = snapshot.cc { ccJSON = .string(Hex.encode(cc.bytes)) }
        var ccVersion = JSON.null
        if let formattedCC { ccVersion = .string(formattedCC.version) }
        var ndefOffset = JSON.null
        if let ndef = snapshot.ndef { ndefOffset = .int(ndef.offset) }
        var staticLock = JSON.null
        if let lock = snapshot.staticLock { staticLock = .string(Hex.encode([lock.bytes.0, lock.bytes.1])) }
        var dynamicLock = JSON.null
        if let bytes = snapshot.dynamicLockPageBytes { dynamicLock = .string(Hex.encode(bytes)) }
        let lockedPages: [JSON] = (snapshot.staticLock?.lockedPages ?? []).map { JSON.int($0) }
        let tlvs: [JSON] = (snapshot.walk?.tlvs ?? []).map { tlv($0) }
        var members: [(String, JSON)] = []
        members.append(("tag", .string(path)))
        members.append(("uid", uid(snapshot.uid)))
        members.append(("chip", chip(inspection.identification)))
        members.append(("type", .string(inspection.identification.model?.displayName ?? "unknown Type 2 tag")))
        members.append(("totalBytes", .int(snapshot.memory.count)))
        members.append(("cc", ccJSON))
        members.append(("ccVersion", ccVersion))
        members.append(("dataAreaBytes", .int(formattedCC?.dataAreaBytes ?? 0)))
        members.append(("ndefStatus", .string(snapshot.status.rawValue)))
        members.append(("capacity", capacity(snapshot.capacity, content: inspection.content)))
        members.append(("ndef", content(inspection.content)))
        members.append(("ndefTLVOffset", ndefOffset))
        members.append(("tlvs", .array(tlvs)))
        members.append(("staticLock", staticLock))
        members.append(("staticallyLockedPages", .array(lockedPages)))
        members.append(("dynamicLock", dynamicLock))
        members.append(("signature", signature))
        members.append(
            (
                "protection",
                protection(
                    model: inspection.model, configuration: inspection.accessConfiguration,
                    readRefusedFromPage: snapshot.readRefusedFromPage, acknowledge: inspection.acknowledge)
            ))
        members.append(("memory", .string(Hex.encode(snapshot.memory))))
        members.append(("statistics", statistics(inspection.statistics)))
        return .object(members)
    }

    static func read(_ report: ReadReport, path: String) -> JSON {
        .object([
            ("tag", .string(path)),
            ("uid", uid(report.uid)),
            ("chip", chip(report.identification)),
            ("ndefStatus", .string(report.status.rawValue)),
            ("capacity", capacity(report.capacity, content: report.content)),
            ("ndef", content(report.content)),
            (
                "protection",
                protection(
                    model: report.identification.model, configuration: nil,
                    readRefusedFromPage: report.readRefusedFromPage, acknowledge: report.acknowledge)
            ),
            ("statistics", statistics(report.statistics)),
        ])
    }

    static func write(_ report: WriteReport, path: String) -> JSON {
        .object([
            ("tag", .string(path)),
            ("uid", uid(report.uid)),
            ("chip", chip(report.identification)),
            ("messageBytes", .int(report.messageBytes)),
            ("ndef_hex", ndefHex(report.encodedMessage)),
            ("previous_ndef_hex", ndefHex(report.previousContent.bytes)),
            ("capacity", capacity(report.capacity)),
            ("lengthFieldBytes", .int(report.lengthFieldBytes)),
            ("pagesWritten", .array(report.pagesWritten.map(JSON.int))),
            ("writes", writes(report.writes)),
            ("verified", .bool(report.verified)),
            ("verification", verification(report.verification)),
            ("write", statistics(report.writeStatistics)),
            ("verify", statistics(report.verifyStatistics)),
        ])
    }

    /// A message as lowercase hex, or `null` when there is none (no bytes, an empty or
    /// unreadable NDEF area): `""` never appears, so `null` always means "no message".
    static func ndefHex(_ bytes: [UInt8]?) -> JSON {
        guard let bytes, !bytes.isEmpty else { return .null }
        return .string(Hex.encode(bytes))
    }

    static func verification(_ verification: WriteReport.Verification) -> JSON {
        switch verification {
        case .none: .object([("method", .string("none"))])
        case .alreadyOnTag: .object([("method", .string("already-on-tag"))])
        case .readBack(let pages):
            .object([
                ("method", .string("read-back")), ("firstPage", .int(pages.lowerBound)),
                ("lastPage", .int(pages.upperBound)),
            ])
        }
    }

    static func pageOperation(_ report: PageOperationReport, path: String) -> JSON {
        .object([
            ("tag", .string(path)),
            ("uid", uid(report.uid)),
            ("chip", chip(report.identification)),
            ("writes", writes(report.writes)),
            ("cc", report.after.cc.map { .string(Hex.encode($0.bytes)) } ?? .null),
            ("ndefStatus", .string(report.after.status.rawValue)),
            ("capacity", capacity(report.after.capacity)),
            ("statistics", statistics(report.statistics)),
        ])
    }
}
