/// A placeholder of a SUN URL template, and how many ASCII characters the tag mirrors in its place
/// (reference §2.7: PICCData 32 hex in AES mode and 48 in LRP mode, MAC 16, UID 14, counter 6;
/// encrypted file data twice the plain length).
public enum SUNPlaceholder: String, Sendable, Hashable, CaseIterable {
    case picc
    case mac
    case enc
    case uid
    case ctr
    /// Not a value: the place where the MAC input begins (SDMMACInputOffset), when it is not the
    /// default (from `{enc}`, or nothing). It takes no characters in the URL.
    case macInput = "mac_input"

    /// The mirrored length in characters in AES or (`lrp`) LRP mode, where PICCData is PICCRand (8
    /// bytes) ‖ the 16 enciphered bytes; `enc` depends on the file data (see `SUNTemplate`).
    public func fixedLength(lrp: Bool) -> Int? {
        switch self {
        case .picc: lrp ? 48 : 32
        case .mac: 16
        case .uid: 14
        case .ctr: 6
        case .enc: nil
        case .macInput: 0
        }
    }
}
