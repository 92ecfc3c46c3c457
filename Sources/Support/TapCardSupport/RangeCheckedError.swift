/// An error that may say a number or a choice was outside its range (a page, a count of attempts,
/// a key number). A front end that took that value from an option treats it as any wrong command
/// line: the CLI's one rule is that an option's number or choice out of range is a usage error
/// (exit 64), whether the range is the option's own or the tag's, and content that does not parse
/// or cannot be used (hex, NDEF, a template, a UID) is a data error (65).
public protocol RangeCheckedError: TapCardError {
    /// True when this error is about a number or choice out of its range.
    var isOutOfRange: Bool { get }
}
