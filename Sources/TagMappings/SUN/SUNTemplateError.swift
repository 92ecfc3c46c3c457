import TapCardSupport

/// Why a SUN URL template cannot be turned into an NDEF file and SDM settings. All are the input's
/// fault: nothing was sent to a tag.
public enum SUNTemplateError: RangeCheckedError, Equatable {
    case empty
    /// A `{` without its `}`, or a `}` without its `{`, at character `position` (0-based).
    case unbalancedBrace(position: Int)
    case unknownPlaceholder(name: String, position: Int)
    case duplicatePlaceholder(SUNPlaceholder)
    case macMissing
    /// `{picc}` carries UID and counter encrypted; `{uid}`/`{ctr}` mirror them in plain: one or the other.
    case piccWithPlainMirror
    /// `{mac}` must come after every other placeholder: the MAC covers what precedes it.
    case macNotLast(before: SUNPlaceholder)
    case encWithoutFileData
    case fileDataWithoutEnc
    /// The secret file data must be 16·k bytes (the tag encrypts whole AES blocks, no padding).
    case fileDataLength(bytes: Int)
    /// The template mirrors no counter and no PICCData: every read gives the identical URL.
    case replayable
    /// `{ctr}` without `{uid}`: the MAC would cover a counter of no named tag.
    case counterWithoutUID
    /// A key number outside 0…4.
    case keyNumber(name: String, value: Int)
    /// The NDEF file would be `bytes` long; the file holds `capacity`.
    case tooLong(bytes: Int, capacity: Int)
    /// LRP mode without `{picc}`: a verifier tells an LRP message by its 48-digit PICCData, so a
    /// plain-mirror LRP URL would be checked as AES and never verify.
    case lrpWithoutPICCData
    /// The MAC input cannot start where it was asked to: `reason` says why, with the positions.
    case macInputStart(reason: String)

    public var origin: ErrorOrigin { .input }

    /// A key number outside 0…4 (`--meta-key-number`, `--file-key-number`).
    public var isOutOfRange: Bool {
        if case .keyNumber = self { return true }
        return false
    }

    public var sentence: String {
        switch self {
        case .empty: "The URL template is empty."
        case .unbalancedBrace(let position):
            "The URL template has an unmatched brace at character \(position + 1); placeholders are written {picc}, {mac}, {enc}, {uid}, {ctr}, {mac_input}."
        case .unknownPlaceholder(let name, let position):
            "The URL template has an unknown placeholder {\(name)} at character \(position + 1); the known ones are {picc}, {mac}, {enc}, {uid}, {ctr} and {mac_input}."
        case .duplicatePlaceholder(let placeholder):
            "The URL template has {\(placeholder.rawValue)} more than once; the tag mirrors each value once."
        case .macMissing: "The URL template has no {mac}: without it a backend cannot tell a real tap from a copy."
        case .piccWithPlainMirror:
            "The URL template has {picc} together with {uid} or {ctr}: {picc} already carries both, encrypted; use one style."
        case .macNotLast(let before):
            "The URL template has {mac} before {\(before.rawValue)}; {mac} must come last, since the MAC covers the data before it."
        case .encWithoutFileData:
            "The URL template has {enc} but no file data was given (--file-data): the tag needs the secret bytes to encrypt."
        case .fileDataWithoutEnc: "File data was given but the URL template has no {enc} to mirror it encrypted."
        case .fileDataLength(let bytes):
            "The file data is \(bytes) bytes; it must be a non-zero multiple of 16 bytes (whole AES blocks)."
        case .replayable:
            "The URL template mirrors no counter and no PICCData: every read of the tag would give the identical URL, and a copy of it could be replayed forever. Add {ctr} beside {uid}, or use {picc} (UID and counter, encrypted); or pass --allow-static-url if a URL that never changes is what you want."
        case .counterWithoutUID:
            "The URL template has {ctr} without {uid}: a backend could not tell which tag the counter belongs to. Add {uid}, or use {picc} (UID and counter, encrypted)."
        case .keyNumber(let name, let value): "The \(name) key number is \(value); NTAG 424 DNA keys are 0 to 4."
        case .tooLong(let bytes, let capacity):
            "The NDEF file for this template would be \(bytes) bytes; the tag's NDEF file holds \(capacity)."
        case .macInputStart(let reason): "The MAC input cannot start there: \(reason)."
        case .lrpWithoutPICCData:
            "An LRP template needs {picc}: a backend tells an LRP message from an AES one by its 48-digit PICCData, so {uid} and {ctr} in plain would be checked as AES and never verify."
        }
    }
}
