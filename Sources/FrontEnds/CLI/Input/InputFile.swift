import CommandLineKit
import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files for commands that take `--file PATH` (raw bytes, no Foundation needed).
enum InputFile {
    /// The file's bytes, or `nil` with a reason when it cannot be opened or read.
    static func read(_ path: String) -> Result<[UInt8], InputFileError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(InputFileError(path: path, reason: reason(errno))) }
        defer { close(descriptor) }
        return DescriptorReader.readAll(descriptor).mapError { InputFileError(path: path, reason: reason($0.code)) }
    }

    /// The file's bytes when it is at most `InputSizeLimit.bytes` bytes: a larger
    /// regular file is refused from its size (`fstat`) before any read, and no read goes more
    /// than one byte past the limit (a file that grows meanwhile, a device without a size).
    static func readWithinLimit(_ path: String) throws -> Result<[UInt8], InputFileError> {
        let limit = InputSizeLimit.bytes
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(InputFileError(path: path, reason: reason(errno))) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit {
            throw InputFileTooLarge(path: path, size: Int(info.st_size), limit: limit)
        }
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            switch DescriptorReader.readSome(descriptor, limit: min(1 << 16, limit + 1 - bytes.count)) {
            case .success(let chunk?): bytes += chunk
            case .success(nil): return .success(bytes)
            case .failure(let failure): return .failure(InputFileError(path: path, reason: reason(failure.code)))
            }
        }
        // A regular file that grew while it was read has its size now; anything else has none.
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            throw InputFileTooLarge(path: path, size: max(bytes.count, Int(info.st_size)), limit: limit)
        }
        throw InputFileTooLarge(path: path, size: bytes.count, limit: limit, measured: false)
    }

    private static func reason(_ code: Int32) -> String { SystemErrorText.reason(code) }

    /// A file's bytes for an option that names one, `-` meaning standard input.
    static func readOrStandardInput(_ path: String, io: some CommandIO) throws(InputFileError) -> [UInt8] {
        if path == "-" { return io.readStandardInput() }
        return try read(path).get()
    }
}
