#if FUZZING
    /// Every fuzz target, in the order `tapcard-fuzz --list` prints them. Adding a parser's target is
    /// one file in this folder and one line here (and a seed folder under Fuzz/Corpus/).
    let fuzzTargets: [FuzzTarget] = [
        HexFuzz.target,
        NDEFFuzz.target,
        VCardFuzz.target,
        MeCardFuzz.target,
        Type2Fuzz.target,
        FlipperFuzz.target,
        EmulatorFuzz.target,
        PCSCFuzz.target,
        JSONLinesFuzz.target,
        CSVFuzz.target,
        Type4Fuzz.target,
        APDUFuzz.target,
        Emulator4Fuzz.target,
        Type5Fuzz.target,
        ISO15693Fuzz.target,
        Type3Fuzz.target,
        SUNURLFuzz.target,
        SUNBatchFuzz.target,
        SecureMessagingFuzz.target,
        DESFireFuzz.target,
        ClassicFuzz.target,
        UltralightCFuzz.target,
        UltralightAESFuzz.target,
        VirtualTagFileFuzz.target,
        ClassicCardFuzz.target,
        ProxmarkJSONFuzz.target,
        ProxmarkEMLFuzz.target,
        MCTDumpFuzz.target,
        ClassicRawFuzz.target,
        ClassicFlipperFuzz.target,
        Proxmark3Fuzz.target,
        FlipperDESFireFuzz.target,
        FlipperType4Fuzz.target,
    ]

    // The C driver (Fuzz/Driver/main.c) calls these four functions.

    @_cdecl("tapcard_fuzz_target_count")
    func fuzzTargetCount() -> Int32 {
        Int32(fuzzTargets.count)
    }

    @_cdecl("tapcard_fuzz_target_name")
    func fuzzTargetName(_ index: Int32) -> UnsafePointer<CChar>? {
        guard index >= 0, Int(index) < fuzzTargets.count else { return nil }
        return UnsafeRawPointer(fuzzTargets[Int(index)].name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    @_cdecl("tapcard_fuzz_target_max_length")
    func fuzzTargetMaxLength(_ index: Int32) -> Int32 {
        guard index >= 0, Int(index) < fuzzTargets.count else { return 0 }
        return Int32(fuzzTargets[Int(index)].maxLength)
    }

    @_cdecl("tapcard_fuzz_run")
    func fuzzRun(_ index: Int32, _ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard index >= 0, Int(index) < fuzzTargets.count else { return }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        fuzzTargets[Int(index)].run(bytes)
    }
#endif
