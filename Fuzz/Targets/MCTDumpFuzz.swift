#if FUZZING
    import TagEmulator

    /// MIFARE Classic Tool dumps (`MCTClassicFile`) on any bytes. Input: byte 0 picks the model hint (none, 1K, 4K); the rest is the file.
    /// Invariants: `ClassicDumpCheck`.
    enum MCTDumpFuzz {
        static let target = FuzzTarget(name: "classic-mct", maxLength: 1 + 16384) { input in
            ClassicDumpCheck.run(input, as: .mct)
        }
    }
#endif
