/// The error of one format TapCard reads from Flipper Zero `.nfc` files (NTAG/Ultralight, Type 5,
/// FeliCa): its own cases, and one that carries the shared reader's ``FlipperFileProblem``.
protocol FlipperFormatError: Error {
    static func syntax(_ problem: FlipperFileProblem) -> Self
}

extension FlipperFormatError {
    /// What `read` gives, its problem as this format's `.syntax` case: `try Format.reading(try fields.required("UID"))`.
    static func reading<Value>(_ read: @autoclosure () throws(FlipperFileProblem) -> Value) throws(Self) -> Value {
        do {
            return try read()
        } catch {
            throw syntax(error)
        }
    }
}
