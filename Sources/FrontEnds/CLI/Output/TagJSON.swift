import MessageRendering
import NDEF
import Originality
import TLVArea
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The JSON v1 shapes of the tag commands (`read`, `info`, `write`, `erase`, `format`, `lock`),
/// and the one encoder of each concept every command shares: a UID, a chip, a capacity,
/// statistics, a record (``MessageJSONWriter/record(_:)``), the NDEF content.
enum TagJSON {
    /// A UID, in every command: `{"hex":"04a1…","check_bytes_valid":true|false|null,
    /// "manufacturer":"NXP Semiconductors","manufacturer_code":4}`.
    static func uid(_ uid: TagUID?) -> JSON {
        guard let uid else { return .null }
        return .object([
            ("hex", .string(Hex.encode(uid.bytes))),
            ("check_bytes_valid", uid.checkBytesValid.map(JSON.bool) ?? .null),
            ("manufacturer", .string(uid.manufacturer.displayName)),
            ("manufacturer_code", .int(Int(uid.manufacturer.code))),
        ])
    }

    /// A UID known only as bytes (the store, a reader's FF CA): the same shape, its check bytes
    /// unknown. Eight bytes are never an ISO/IEC 14443-3 UID (4, 7 or 10 bytes): `E0` first is an
    /// ISO/IEC 15693 UID, whose manufacturer is byte 1 (``Type5JSON/uid(_:)``); anything else is a
    /// FeliCa IDm, which the NFC-A manufacturer table does not describe (``Type3JSON/uid(idm:)``).
    static func uid(bytes: [UInt8]?) -> JSON {
        guard let bytes, !bytes.isEmpty else { return .null }
        if bytes.count == 8 { return bytes[0] == 0xE0 ? Type5JSON.uid(bytes) : Type3JSON.uid(idm: bytes) }
        return uid(TagUID(bytes: bytes))
    }

    /// An enum value as JSON v1 writes them: kebab-case (`readWrite` → `read-write`).
    static func enumValue(_ raw: String) -> JSON { .string(JSONContract.kebabCase(raw)) }

    static func chip(_ identification: ChipIdentification) -> JSON {
        // How it was identified: the contract's words, said once by the driver; then the evidence.
        var evidence: [(String, JSON)] = [("by", .string(Type2Facts.identifiedBy(identification)))]
        switch identification.evidence {
        case .version(let bytes): evidence.append(("version", .string(Hex.encode(bytes))))
        case .noVersion(let ccSize): evidence.append(("cc_size", ccSize.map { .int(Int($0)) } ?? .null))
        case .declared: break
        }
        return .object([
            ("model", identification.model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(identification.model?.displayName ?? "unknown Type 2 tag")),
            ("identified_by", .object(evidence)),
        ])
    }

    /// The envelope every tag command's report starts with, the same keys in the same order on
    /// every tag type: `tag`, `forum_type`, `technology`, `uid`, `chip`, `ndef_status`, `capacity`,
    /// `ndef`. `uid` and `chip` are the type's own encoders (an IDm, an ISO 15693 UID, the
    /// evidence that named the chip).
    static func envelope(_ report: TagReport, path: String, uid: JSON, chip: JSON) -> [(String, JSON)] {
        [
            ("tag", .string(path)),
            ("forum_type", .int(report.facts.forumType)),
            ("technology", .string(report.facts.technology.rawValue)),
            ("uid", uid),
            ("chip", chip),
            ("ndef_status", .string(report.status.rawValue)),
            ("capacity", report.capacity.map(capacity) ?? .null),
            ("ndef", content(report.content)),
        ]
    }

    /// A completed write or erase, the same keys on every tag type: the identity part of the
    /// envelope (`tag`, `forum_type`, `technology`, `uid`, `chip`), the message (`message_bytes`,
    /// `ndef_hex`, `previous_ndef_hex`, `capacity`), then the type's own keys (`detail`: what it
    /// wrote, in its units), then how it was checked (`verified`, `verification`, `write`,
    /// `verify`).
    static func writeDocument(
        _ report: some EnvelopedWriteReport, path: String, uid: JSON, chip: JSON, detail: [(String, JSON)]
    ) -> JSON {
        JSONContract.document(
            [
                ("tag", .string(path)),
                ("forum_type", .int(report.facts.forumType)),
                ("technology", .string(report.facts.technology.rawValue)),
                ("uid", uid),
                ("chip", chip),
                ("message_bytes", .int(report.messageBytes)),
                ("ndef_hex", ndefHex(report.encodedMessage)),
                ("previous_ndef_hex", ndefHex(report.previousContent.bytes)),
                ("capacity", capacity(report.capacity)),
            ] + detail + [
                ("verified", .bool(report.verification.verified)),
                ("verification", verification(report.verification)),
                ("write", statistics(report.writeStatistics)),
                ("verify", statistics(report.verifyStatistics)),
            ])
    }

    /// A Type 2 area's status in the contract's words (`not-formatted`, never `not-supported`).
    static func status(_ status: NDEFStatus) -> JSON {
        .string(status == .notSupported ? TagNDEFStatus.notFormatted.rawValue : JSONContract.kebabCase(status.rawValue))
    }

    static func capacity(_ capacity: Capacity) -> JSON {
        .object([("bytes", .int(capacity.bytes)), ("source", .string(capacity.source.rawValue))])
    }

    /// Null when the tag hides the TLVs the capacity derives from (read-protected).
    static func capacity(_ capacity: Capacity, content: NDEFContent) -> JSON {
        if case .passwordProtected = content { return .null }
        return Self.capacity(capacity)
    }

    /// Commands sent and their modelled air time, rounded to 0.1 ms (the timing model's
    /// resolution; it is a model, not a measurement).
    static func statistics(_ statistics: CommandStatistics) -> JSON {
        .object([
            ("commands", .int(statistics.commands)),
            ("modeled_air_time_ms", JSONContract.rounded(statistics.modeledMilliseconds, places: 1)),
        ])
    }

    static func content(_ content: NDEFContent) -> JSON {
        switch content {
        case .notFormatted:
            return .object([("state", .string("not-formatted"))])
        case .empty:
            // No message: `null`, never `""` (docs/json.md).
            return .object([("state", .string("empty")), ("bytes", .int(0)), ("hex", .null), ("records", .array([]))])
        case .message(let message, let bytes):
            return .object([
                ("state", .string("message")), ("bytes", .int(bytes.count)), ("hex", .string(Hex.encode(bytes))),
                ("records", .array(message.records.map(record))),
            ])
        case .interrupted(let error):
            return .object([("state", .string("interrupted-write")), ("error", .string(error.sentence))])
        case .noNDEFMessageTLV(let statement):
            return .object([
                ("state", .string("no-ndef-message-tlv")), ("bytes", .null), ("hex", .null), ("records", .array([])),
                ("statement", .string(statement)),
            ])
        case .malformed(let error):
            return .object([("state", .string("malformed")), ("error", .string(error.sentence))])
        case .passwordProtected(let page):
            return .object([
                ("state", .string("password-protected")), ("first_refused_page", .int(page)),
                (
                    "error",
                    .string(
                        "The tag refused to read page \(page) and on without its password or key (NTAG21x / Ultralight EV1: ACCESS.PROT, give --password HEX8; Ultralight C / AES: reads guarded from AUTH0, give --auth-key HEX32)."
                    )
                ),
            ])
        }
    }

    /// The password configuration as read: CFG0/CFG1 decoded (null when the chip has none or
    /// refused to read them), the first page the tag refused to read, whether this command
    /// presented a password the tag accepted, and the sentences `info` prints.
    static func protection(
        model: TagModel?, configuration: AccessConfiguration?, keyAccess: KeyAccessState? = nil,
        readRefusedFromPage: Int?, acknowledge: PasswordAcknowledge?, keyAuthenticated: Bool = false
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
            ("key_access", keyAccess.map(Self.keyAccess) ?? .null),
            ("read_refused_from_page", readRefusedFromPage.map(JSON.int) ?? .null),
            ("authenticated", .bool(acknowledge != nil || keyAuthenticated)),
            ("pack", acknowledge.map { .string(Hex.encode($0.bytes)) } ?? .null),
            (
                "sentences",
                .array(
                    TagText.protection(
                        model: model, configuration: configuration, keyAccess: keyAccess,
                        readRefusedFromPage: readRefusedFromPage, acknowledge: acknowledge
                    ).map(JSON.string))
            ),
        ])
    }

    /// What AUTH0 and its flags say on a key-guarded chip (Ultralight C, Ultralight AES); the
    /// configuration pages by name and bytes, never the key's.
    static func keyAccess(_ access: KeyAccessState) -> JSON {
        let pages: JSON =
            access.protectedPages.map { .object([("first", .int($0.lowerBound)), ("last", .int($0.upperBound))]) }
            ?? .null
        return .object([
            ("cipher", .string(access.cipher.rawValue)),
            ("auth0", .int(access.auth0)),
            ("protected_pages", pages), ("protects_reads", .bool(access.protectsReads)),
            (
                "configuration_pages",
                .array(
                    access.configurationPages.map {
                        .object([
                            ("name", .string($0.name)), ("page", .int($0.page)),
                            ("bytes", .string(Hex.encode($0.bytes))),
                        ])
                    })
            ),
        ])
    }

    /// A record: the one shape of every command (`decode` included).
    static func record(_ record: NDEFRecord) -> JSON { MessageJSONWriter.record(record) }

    static func tlv(_ tlv: TLV) -> JSON {
        let kind: String =
            switch tlv.kind {
            case .null: "null"
            case .lockControl: "lock-control"
            case .memoryControl: "memory-control"
            case .ndef: "ndef"
            case .proprietary: "proprietary"
            case .terminator: "terminator"
            case .unknown: "unknown"
            }
        var members: [(String, JSON)] = [("type", .string(kind))]
        if case .unknown(let code) = tlv.kind { members.append(("code", .int(Int(code)))) }
        members.append(("offset", .int(tlv.offset)))
        if tlv.kind != .null && tlv.kind != .terminator {
            members.append(("length", .int(tlv.length)))
            members.append(("length_field_bytes", .int(tlv.lengthFieldBytes)))
        }
        if !tlv.value.isEmpty { members.append(("value", .string(Hex.encode(tlv.value)))) }
        return .object(members)
    }

    /// The originality signature and its verdict, in every command:
    /// `{"verdict":{"state":"valid","key":"NTAG21x"},"signature":"77bb…","statement":"…"}`.
    static func signature(_ check: SignatureCheck) -> JSON {
        let verdict: JSON
        switch check.verdict {
        case .valid(let keyName): verdict = .object([("state", .string("valid")), ("key", .string(keyName))])
        case .invalid: verdict = .object([("state", .string("invalid"))])
        case .unavailable(let reason):
            verdict = .object([("state", .string("unavailable")), ("reason", .string(reason))])
        }
        return .object([
            ("verdict", verdict), ("signature", check.signature.map { .string(Hex.encode($0)) } ?? .null),
            ("statement", .string(check.statement)),
        ])
    }

    /// A chip known by its model only (a virtual tag file's declaration, a reader's GET_VERSION
    /// match): the same shape as ``chip(_:)``.
    static func chip(model: TagModel?, identifiedBy: String) -> JSON {
        .object([
            ("model", model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(model?.displayName ?? "unknown Type 2 tag")),
            ("identified_by", .object([("by", .string(identifiedBy))])),
        ])
    }

    /// A chip as the TapCard database records it (a model name, `type4`, or `unknown`).
    static func chip(storeName: String) -> JSON {
        let model = TagModel(rawValue: storeName)
        return .object([
            ("model", model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(model?.displayName ?? storeName)),
            ("identified_by", .object([("by", .string("recorded in the TapCard database"))])),
        ])
    }

    static func writes(_ writes: [PageWrite]) -> JSON {
        .array(
            writes.map {
                .object([
                    ("page", .int($0.page)), ("role", enumValue($0.role.rawValue)),
                    // PWD's page holds the password: its bytes are never shown.
                    ("bytes", $0.role.rawValue == "password" ? .null : .string(Hex.encode($0.bytes))),
                ])
            })
    }

    static func inspection(_ inspection: TagInspection, path: String) -> JSON {
        let reading = TagReport(inspection)
        let snapshot = inspection.snapshot
        let signature = Self.signature(inspection.signature)
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
        var members: [(String, JSON)] = [("schema_version", .int(JSONContract.schemaVersion))]
        members += envelope(reading, path: path, uid: uid(snapshot.uid), chip: chip(inspection.identification))
        members.append(("type", .string(reading.facts.chipName)))
        members.append(("total_bytes", .int(snapshot.memory.count)))
        members.append(("cc", ccJSON))
        members.append(("cc_version", ccVersion))
        members.append(("data_area_bytes", .int(formattedCC?.dataAreaBytes ?? 0)))
        members.append(("ndef_tlv_offset", ndefOffset))
        members.append(("tlvs", .array(tlvs)))
        members.append(("static_lock", staticLock))
        members.append(("statically_locked_pages", .array(lockedPages)))
        members.append(("dynamic_lock", dynamicLock))
        members.append(("signature", signature))
        members.append(
            (
                "protection",
                protection(
                    model: inspection.model, configuration: inspection.accessConfiguration,
                    keyAccess: inspection.keyAccess, readRefusedFromPage: snapshot.readRefusedFromPage,
                    acknowledge: inspection.acknowledge)
            ))
        members.append(("memory", .string(Hex.encode(snapshot.memory))))
        members.append(("statistics", statistics(inspection.statistics)))
        return .object(members)
    }

    static func read(_ report: ReadReport, path: String) -> JSON {
        let reading = TagReport(report)
        return JSONContract.document(
            envelope(reading, path: path, uid: uid(report.uid), chip: chip(report.identification)) + [
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
        writeDocument(
            report, path: path, uid: uid(report.uid), chip: chip(report.identification),
            detail: [
                ("length_field_bytes", .int(report.lengthFieldBytes)),
                ("pages_written", .array(report.pagesWritten.map(JSON.int))),
                ("writes", writes(report.writes)),
            ])
    }

    /// A message as lowercase hex, or `null` when there is none (no bytes, an empty or
    /// unreadable NDEF area): `""` never appears, so `null` always means "no message".
    static func ndefHex(_ bytes: [UInt8]?) -> JSON {
        guard let bytes, !bytes.isEmpty else { return .null }
        return .string(Hex.encode(bytes))
    }

    /// How a write was checked, the same object for every tag type: `method` (`read-back`,
    /// `already-on-tag`, `none`); a read-back adds what it covered (`first_page`/`last_page`, or
    /// `bytes`) and `match`: `bytes` (the very bytes written) or `records-only` (the same records
    /// in another encoding).
    static func verification(_ verification: WriteVerification) -> JSON {
        switch verification {
        case .none: return .object([("method", .string("none"))])
        case .alreadyOnTag: return .object([("method", .string("already-on-tag"))])
        case .readBack(let scope, let match):
            var members: [(String, JSON)] = [("method", .string("read-back"))]
            switch scope {
            case .pages(let pages):
                members += [("first_page", .int(pages.lowerBound)), ("last_page", .int(pages.upperBound))]
            case .bytes(let bytes): members.append(("bytes", .int(bytes)))
            }
            members.append(("match", .string(match.rawValue)))
            return .object(members)
        }
    }

    static func pageOperation(_ report: PageOperationReport, path: String) -> JSON {
        JSONContract.document([
            ("tag", .string(path)),
            ("forum_type", .int(report.facts.forumType)),
            ("technology", .string(report.facts.technology.rawValue)),
            ("uid", uid(report.uid)),
            ("chip", chip(report.identification)),
            ("writes", writes(report.writes)),
            ("cc", report.after.cc.map { .string(Hex.encode($0.bytes)) } ?? .null),
            ("ndef_status", status(report.after.status)),
            ("capacity", capacity(report.after.capacity)),
            ("statistics", statistics(report.statistics)),
        ])
    }
}
