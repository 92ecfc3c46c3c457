#if FUZZING
    import TagEmulator

    /// raw images, Proxmark3 `.bin` and libnfc `.mfd` (`ClassicRawImage`) on any bytes. Input: byte 0 picks the model hint (none, 1K, 4K); the rest is the file.
    /// Invariants: `ClassicDumpCheck`.
    enum ClassicRawFuzz {
        static let target = FuzzTarget(name: "classic-raw", maxLength: 1 + 16384) { input in
            ClassicDumpCheck.run(input, as: .rawImage)
        }
    }
#endif
