#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads a file descriptor to its end into one array. A regular file's size is known up front,
/// so its bytes are read straight into an array of that size (no chunk copies, no regrowth: for
/// `decode --jsonl` over megabytes of hex that was a tenth of its instructions); a pipe is read
/// in 64 KiB chunks.
public enum DescriptorReader {
    /// The `errno` of a read that failed (mapped to a sentence by the caller, who knows the file).
    public struct Failure: Error {
        public var code: Int32
    }

    /// What one read of `descriptor` gives (up to `limit` bytes, as soon as any are there: a
    /// pipe's writer is answered line by line), `nil` at the end; a failed read is a failure.
    public static func readSome(_ descriptor: Int32, limit: Int = 1 << 16) -> Result<[UInt8]?, Failure> {
        var failure: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while true {
                let count = systemRead(descriptor, base, limit)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { failure = errno }
                initialized = max(0, count)
                return
            }
        }
        if failure != 0 { return .failure(Failure(code: failure)) }
        return .success(chunk.isEmpty ? nil : chunk)
    }

    /// The bytes, or the failure of the read that failed.
    public static func readAll(_ descriptor: Int32) -> Result<[UInt8], Failure> {
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let expected = isRegular ? max(0, Int(info.st_size)) : 0
        var failure: Int32 = 0
        var result = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < expected {
                let count = systemRead(descriptor, base + initialized, expected - initialized)
                if count < 0 {
                    failure = errno
                    return
                }
                if count == 0 { return }
                initialized += count
            }
        }
        if failure != 0 { return .failure(Failure(code: failure)) }
        // A pipe, or a file that grew while it was read: the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return .failure(Failure(code: errno)) }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return .success(result)
    }
}
