/// A placeholder of a SUN URL template, and how many ASCII characters the tag mirrors in its place
/// (reference §2.7: PICCData 32 hex, MAC 16, UID 14, counter 6; encrypted file data twice the
/// plain length).
public enum SUNPlaceholder: String, Sendable, Hashable, CaseIterable {
    case picc
    case mac
    case enc
    case uid
    case ctr

    /// The mirrored length in characters; `enc` depends on the file data (see `SUNTemplate`).
    public var fixedLength: Int? {
        switch self {
        case .picc: 32
        case .mac: 16
        case .uid: 14
        case .ctr: 6
        case .enc: nil
        }
    }
}
