import TapCardSupport

/// An input file over `InputSizeLimit.bytes`, refused from its size before it was read
/// whole (`decode --file`: one NDEF message). Malformed input: exit 65.
struct InputFileTooLarge: TapCardError, Equatable {
    let path: String
    /// As `fstat` gave it; for what has no size (a pipe, a device), the bytes read before the
    /// read stopped, one past the limit, and `measured` is false.
    let size: Int
    let limit: Int
    var measured = true

    var origin: ErrorOrigin { .input }
    var sentence: String {
        let figure =
            measured
            ? "is \(size) bytes" : "holds more than \(limit) bytes (it has no size; reading stopped at \(size))"
        return
            "'\(path)' \(figure), over the \(limit)-byte limit on a file TapCard reads whole as a message (the largest tag, a DESFire EV2 8 KB, holds a message of under 8 KB). It was not read whole."
    }
}
