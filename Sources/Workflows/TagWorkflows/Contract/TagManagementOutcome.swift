/// What a format or a lock did, for every tag type: who the tag is, what it reads as afterwards
/// (where the operation read it back), and the type's report.
public struct TagManagementOutcome: Sendable, Equatable {
    public enum Detail: Sendable, Equatable {
        case type2(PageOperationReport)
        case type3Format(Type3FormatReport)
        case type3Lock(Type3LockReport)
        case type4Lock(Type4LockReport)
        case desfireFormat(DESFireFormatReport)
        case type5Format(Type5FormatReport)
        case type5Lock(Type5LockReport)
        case classicFormat(ClassicFormatReport)
        case classicLock(ClassicLockReport)
    }

    public var facts: TagFacts
    public var detail: Detail

    /// True when the tag, read back, is as the operation meant to leave it.
    public var verified: Bool {
        switch detail {
        case .type2: true
        case .type3Format(let report): report.verified
        case .type3Lock(let report): report.verified
        case .type4Lock(let report): report.verified
        case .desfireFormat(let report): report.verified
        case .type5Format(let report): report.verified
        case .type5Lock(let report): report.verified
        case .classicFormat(let report): report.verified
        case .classicLock(let report): report.verified
        }
    }
}
