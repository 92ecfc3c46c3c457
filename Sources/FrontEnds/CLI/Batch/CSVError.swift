import TapCardSupport

/// CSV text that is not CSV.
enum CSVError: TapCardError, Equatable {
    /// A quoted field opened on `line` never closes.
    case unterminatedQuote(line: Int)

    var origin: ErrorOrigin { .input }

    var sentence: String {
        switch self {
        case .unterminatedQuote(let line): "The CSV has a quoted field opened on line \(line) that never closes."
        }
    }
}
