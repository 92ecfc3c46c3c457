#if FUZZING
    import TagEmulator

    /// Proxmark3 `.eml` dumps (`ProxmarkClassicEML`) on any bytes. Input: byte 0 picks the model hint (none, 1K, 4K); the rest is the file.
    /// Invariants: `ClassicDumpCheck`.
    enum ProxmarkEMLFuzz {
        static let target = FuzzTarget(name: "classic-eml", maxLength: 1 + 16384) { input in
            ClassicDumpCheck.run(input, as: .proxmark3EML)
        }
    }
#endif
