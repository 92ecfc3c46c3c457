#if FUZZING
    import TagEmulator

    /// Proxmark3 JSON dumps (`ProxmarkClassicJSON`, with its JSON reader) on any bytes. Input: byte 0 picks the model hint (none, 1K, 4K); the rest is the file.
    /// Invariants: `ClassicDumpCheck`.
    enum ProxmarkJSONFuzz {
        static let target = FuzzTarget(name: "classic-pm3json", maxLength: 1 + 16384) { input in
            ClassicDumpCheck.run(input, as: .proxmark3JSON)
        }
    }
#endif
