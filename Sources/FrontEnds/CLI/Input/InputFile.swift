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

    private static func reason(_ code: Int32) -> String { SystemErrorText.reason(code) }

    /// A file's bytes for an option that names one, `-` meaning standard input.
    static func readOrStandardInput(_ path: String, io: some CommandIO) throws(InputFileError) -> [UInt8] {
        if path == "-" { return io.readStandardInput() }
        return try read(path).get()
    }
}
