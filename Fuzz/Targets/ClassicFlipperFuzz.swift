#if FUZZING
    import TagEmulator

    /// Flipper Zero Mifare Classic files (`ClassicFlipperFile`) on any bytes. Input: byte 0 picks the model hint (none, 1K, 4K); the rest is the file.
    /// Invariants: `ClassicDumpCheck`.
    enum ClassicFlipperFuzz {
        static let target = FuzzTarget(name: "classic-flipper", maxLength: 1 + 16384) { input in
            ClassicDumpCheck.run(input, as: .flipper)
        }
    }
#endif
