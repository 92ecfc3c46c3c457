import TapCardSupport

/// A `batch write` sheet or manifest that cannot be used.
enum BatchError: TapCardError, Equatable {
    case emptySheet
    /// The header names neither a URL column nor profile columns.
    case unknownHeader([String])
    case unknownColumn(String)
    /// A data row (1-based) without a URL.
    case emptyRow(row: Int)
    case unwritable(path: String, reason: String)

    var origin: ErrorOrigin {
        switch self {
        case .emptySheet, .unknownHeader, .unknownColumn, .emptyRow: .input
        case .unwritable: .platform
        }
    }

    var sentence: String {
        switch self {
        case .emptySheet:
            "The batch sheet has no rows."
        case .unknownHeader(let header):
            "The batch sheet's header (\(header.joined(separator: ", "))) has neither a url column nor profile columns (name, family, given, org, title, tel, email, url, adr, note)."
        case .unknownColumn(let name):
            "The batch sheet has a column '\(name)' that is not a profile field (name, family, given, org, title, tel, email, url, adr, note)."
        case .emptyRow(let row):
            "Row \(row) of the batch sheet has no URL."
        case .unwritable(let path, let reason):
            "Cannot write the manifest '\(path)': \(reason)."
        }
    }
}
