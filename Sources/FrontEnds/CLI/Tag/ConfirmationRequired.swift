import TapCardSupport

/// A command that cannot be undone, run without the flag that confirms it: refused before the
/// tag is opened, with the flag named. One status everywhere (a refusal, 1), as `lock`,
/// `ntag424 sdm setup --lrp`, `ntag424 keys` and `protect --new-auth-key` all answer it
/// (docs/reference/exit-statuses.md).
struct ConfirmationRequired: TapCardError, Equatable {
    var sentence: String

    var origin: ErrorOrigin { .refusal }
}
