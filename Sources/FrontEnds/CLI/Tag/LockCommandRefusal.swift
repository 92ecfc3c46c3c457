import TapCardSupport

/// `tapcard lock` without `--yes-lock-permanently`: the engine's refusal, with the flag that
/// confirms it named (the engine cannot know how a front end asks for confirmation).
enum LockCommandRefusal: TapCardError, Equatable {
    case confirmationRequired

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        "Locking is permanent on most tags: nothing can write them again (on a MIFARE DESFire it is not: its PICC master key can still delete the application or format the card). Nothing was done; to lock it anyway, run the command again with --yes-lock-permanently."
    }
}
