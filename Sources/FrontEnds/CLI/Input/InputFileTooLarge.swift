import TapCardSupport

/// An input file over ``/TapCardSupport/InputSizeLimit``, refused from its size before it was read
/// whole (`decode --file`: one NDEF message). Malformed input: exit 65.
struct InputFileTooLarge: TapCardError, Equatable {
    let path: String
    /// As `fstat` gave it, or what a file growing while it was read reached.
    let size: Int
    let limit: Int

    var origin: ErrorOrigin { .input }
    var sentence: String {
        "'\(path)' is \(size) bytes, over the \(limit)-byte limit on a file TapCard reads whole as a message (the largest tag, a DESFire EV2 8 KB, holds a message of under 8 KB). It was not read."
    }
}
