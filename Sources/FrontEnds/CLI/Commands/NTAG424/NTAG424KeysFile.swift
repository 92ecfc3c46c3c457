import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The new keys' file: created with mode 0600 by open(2) itself (never a wider moment), refused
/// when it exists, written before any key is sent so a key can never be lost.
enum NTAG424KeysFile {
    struct Failure: TapCardError, Equatable {
        let path: String
        let errno: Int32
        var origin: ErrorOrigin { .input }
        var sentence: String {
            errno == EEXIST
                ? "\(path) exists; TapCard never overwrites a keys file. Nothing was sent to the tag."
                : "Cannot create \(path) (errno \(errno)). Nothing was sent to the tag."
        }
    }

    static func text(_ keys: [Int: [UInt8]], version: UInt8, uid: [UInt8]?) -> String {
        var lines = [
            "# NTAG 424 DNA keys\(uid.map { " of UID " + Hex.encode($0, uppercase: true) } ?? ""), version \(version)"
        ]
        for number in keys.keys.sorted() { lines.append("key\(number)=\(Hex.encode(keys[number]!, uppercase: true))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Failure(path: path, errno: errno) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        #else
            let written = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
        #endif
        guard written == bytes.count, fsync(descriptor) == 0 else { throw Failure(path: path, errno: errno) }
    }
}
