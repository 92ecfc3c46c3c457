#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `errno` value in the words TapCard's messages use ("no such file", "permission denied"),
/// so every file error names the real cause without a framework's error domain.
public enum SystemErrorText {
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EPERM: return "the operation is not permitted"
        case EISDIR: return "it is a directory"
        case ENOTDIR: return "a part of the path is not a directory"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the filesystem is mounted read-only"
        case ELOOP: return "too many symbolic links"
        case ENAMETOOLONG: return "the path is too long"
        case EIO: return "an input/output error"
        case EEXIST: return "it already exists"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
