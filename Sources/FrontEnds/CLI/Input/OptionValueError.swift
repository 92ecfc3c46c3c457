import TapCardSupport

/// A value given with an option that a record's rule refuses (`--lang 日本`, `--hex 0g`): malformed
/// input, exit 65, like every value a rule refuses — the command line itself is well formed. The
/// sentence names the option first, then the rule (`--lang: The language code '日本' has …`).
struct OptionValueError: TapCardError {
    /// The option, with its dashes.
    let option: String
    /// The rule the value breaks.
    let reason: any TapCardError

    var origin: ErrorOrigin { .input }
    var sentence: String { "\(option): \(reason.sentence)" }
}
