import TapCardSupport

/// Why a read-back after a completed write failed, kept as its sentence and origin (the errors
/// of the four tag types' reads differ in type; the report needs only what they say and who
/// decided).
public struct ReadBackCause: TapCardError, Equatable {
    public var origin: ErrorOrigin
    public var sentence: String

    public init(origin: ErrorOrigin, sentence: String) {
        self.origin = origin
        self.sentence = sentence
    }

    public init(_ error: any Error) {
        if let error = error as? any TapCardError {
            self.init(origin: error.origin, sentence: error.sentence)
        } else {
            self.init(origin: .transport, sentence: String(describing: error))
        }
    }
}
