import NDEF
import TagCatalog
import TagTransport
import Type2

extension Type2Tag: ReportingTagDriver, FormattableTag, LockableTag, ProtectableTag {
    public func identifyTag() async throws -> TagFacts {
        let identification = try await identify()
        // The UID lies in pages 0–2: read them when identification did not.
        if memory.count < 12 { try await readHeader(pages: 4) }
        return Type2Facts.facts(uid: currentSnapshot(stopAfterNDEF: true).uid, identification: identification)
    }

    public static func report(_ read: ReadReport) -> TagReport { TagReport(read) }
    public static func report(inspection: TagInspection) -> TagReport { TagReport(inspection) }

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await format())
    }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await lock(confirmation: confirmation))
    }

    /// A password request sets the NTAG21x / Ultralight EV1 password; a key request guards a
    /// key-guarded chip's pages (Ultralight C, Ultralight AES) with ``key``, which must be given
    /// (it is authenticated with first, so the tag is never guarded by a key the caller does not
    /// hold).
    public func protectTag(_ request: TagProtectionRequest) async throws -> TagProtectionReport {
        switch request {
        case .password(let request):
            return .password(try await protect(request))
        case .key(let firstPage, let protectsReads):
            guard key != nil else { throw KeyProtectionError.keyNotGiven(firstPage: firstPage) }
            return .key(try await protectWithKey(firstPage: firstPage, protectsReads: protectsReads))
        case .newKey(let newKey):
            return .key(try await changeKey(to: newKey))
        }
    }

    /// With ``key``, or on a key-guarded chip, removes the key protection (a protected one
    /// without the key is refused with its AUTH0); otherwise the page password.
    public func unprotectTag() async throws -> TagProtectionReport {
        if key != nil { return .key(try await unprotectWithKey()) }
        do {
            return .password(try await unprotect())
        } catch ProtectionRefusal.noPasswordOnChip(let model) where model?.type2KeyCipher != nil {
            return .key(try await unprotectWithKey())
        }
    }
}

extension WriteReport: EnvelopedWriteReport {
    public var facts: TagFacts { Type2Facts.facts(uid: uid, identification: identification) }
    public var writeCommands: Int { writes.count }
    public var writeDetail: TagWriteOutcome.Detail { .type2(self) }
}

extension PageOperationReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type2Facts.facts(uid: uid, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .type2(self) }
}

/// The contract's words for a Type 2 tag (one place, for the driver and the envelope).
public enum Type2Facts {
    /// How a Type 2 chip was identified, in the contract's words.
    public static func identifiedBy(_ identification: ChipIdentification) -> String {
        switch identification.evidence {
        case .version: "GET_VERSION"
        case .noVersion: "assuming, from the CC size: the tag does not answer GET_VERSION"
        case .declared: "declared by the virtual tag file"
        }
    }

    static func facts(uid: TagUID?, identification: ChipIdentification) -> TagFacts {
        TagFacts(
            uid: uid?.bytes, model: identification.model, forumType: 2, technology: .nfcA,
            identifiedBy: identifiedBy(identification))
    }

    /// The contract's status and capacity for a Type 2 area.
    static func envelope(
        status: NDEFStatus, capacity: Capacity, content: NDEFContent, model: TagModel?
    ) -> (TagNDEFStatus, Capacity?) {
        switch (status, content) {
        case (_, .passwordProtected): (status == .readOnly ? .readOnly : .readWrite, nil)
        case (.notSupported, _): (.notFormatted, TagReport.capacityOnceFormatted(model))
        case (.readWrite, _): (.readWrite, capacity)
        case (.readOnly, _): (.readOnly, capacity)
        }
    }
}

extension TagReport {
    /// The envelope of a Type 2 read: no CC is `not-formatted` (capacity assumed, once formatted);
    /// a message hidden behind the password has no capacity (`nil`).
    public init(_ report: ReadReport) {
        let (status, capacity) = Type2Facts.envelope(
            status: report.status, capacity: report.capacity, content: report.content,
            model: report.identification.model)
        self.init(
            facts: Type2Facts.facts(uid: report.uid, identification: report.identification), status: status,
            capacity: capacity, content: report.content, statistics: report.statistics, detail: .type2Read(report))
    }

    public init(_ inspection: TagInspection) {
        let (status, capacity) = Type2Facts.envelope(
            status: inspection.status, capacity: inspection.capacity, content: inspection.content,
            model: inspection.identification.model)
        self.init(
            facts: Type2Facts.facts(uid: inspection.uid, identification: inspection.identification), status: status,
            capacity: capacity, content: inspection.content, statistics: inspection.statistics,
            detail: .type2Inspection(inspection))
    }
}
