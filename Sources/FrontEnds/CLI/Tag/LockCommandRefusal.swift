import TapCardSupport

/// `tapcard lock` without `--yes-lock-permanently`: the engine's refusal, with the flag that
/// confirms it named (the engine cannot know how a front end asks for confirmation).
enum LockCommandRefusal: TapCardError, Equatable {
    case confirmationRequired

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        "Locking is permanent: the tag can never be written again. Nothing was done; to lock it anyway, run the command again with --yes-lock-permanently."
    }
}
