#if FUZZING
    /// One fuzz target: a name for `scripts/fuzz.sh` and a function that must survive any bytes.
    ///
    /// A target parses the input, then checks the invariants that hold for every accepted input
    /// (re-encoding round trips, stated lengths). Breaking one calls ``violated(_:_:)``, which
    /// traps, so libFuzzer records the input as a crash exactly like an out-of-range subscript.
    struct FuzzTarget: Sendable {
        let name: StaticString
        /// The longest input libFuzzer generates (`-max_len`). A target whose inputs model something
        /// bounded (a tag's memory, a URL in a 256-byte file, one response APDU) says so: longer
        /// inputs reach no new code, and each costs time the campaign could spend elsewhere.
        let maxLength: Int
        let run: @Sendable ([UInt8]) -> Void

        init(name: StaticString, maxLength: Int = 8192, run: @escaping @Sendable ([UInt8]) -> Void) {
            self.name = name
            self.maxLength = maxLength
            self.run = run
        }
    }

    /// Stops the process with a message naming the broken invariant and the input, in hex.
    func violated(_ invariant: String, _ input: [UInt8]) -> Never {
        let hex = input.prefix(256).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
        fatalError("fuzz invariant broken: \(invariant); input (\(input.count) bytes): \(hex)")
    }
#endif

#if FUZZING
    import Dispatch

    /// Runs async code to its end from the synchronous libFuzzer callback. Each input builds its
    /// own objects inside `body`, so nothing crosses threads but the input and the verdict.
    func runBlocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await body()
            done.signal()
        }
        done.wait()
    }
#endif
