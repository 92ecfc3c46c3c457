#if FUZZING
    import TLVArea
    import Type5

    /// The Type 5 mapping on any bytes. Input: byte 0 picks the block size (4, 8, 16, 32) and
    /// whether the memory size is known; bytes 1–14 are a GET SYSTEM INFO payload; the rest is
    /// memory from block 0 (CC, then data area).
    ///
    /// Invariants: a CC that parses encodes back to its bytes; a system info that parses encodes
    /// to bytes that parse to it again; the snapshot is total; on a writable formatted image, a write
    /// plan for a message cut from the input, applied, reads back as that message.
    enum Type5Fuzz {
        static let target = FuzzTarget(name: "type5") { input in
            guard let selector = input.first else { return }
            let info = Array(input.dropFirst().prefix(14))
            // The block-size byte's RFU bits 7–5 are dropped (AOSP masks & 0x1F), so the round trip
            // is on the parsed fields, not the bytes.
            if case .success(let parsed) = Type5SystemInfo.parse(info),
                Type5SystemInfo.parse(parsed.payload) != .success(parsed)
            {
                violated("system info does not parse back from its encoding", input)
            }
            let memory = Array(input.dropFirst(15))
            let blockSize = [4, 8, 16, 32][Int(selector & 0x03)]
            let memoryBytes: Int? = selector & 0x04 != 0 ? max(memory.count, 8) : nil
            if case .success(let cc) = Type5CapabilityContainer.parse(Array(memory.prefix(8)), memoryBytes: memoryBytes),
                cc.bytes != Array(memory.prefix(cc.length))
            {
                violated("CC does not encode back", input)
            }
            let snapshot = Type5Snapshot(memory: memory, blockSize: blockSize, memoryBytes: memoryBytes)
            _ = Type5Compatibility.warnings(for: snapshot)
            _ = Type5LockPlan.make(snapshot: snapshot)
            let message = Array(input.suffix(Int(selector >> 3) * 9))
            guard case .success(let plan) = Type5WritePlan.make(message: message, snapshot: snapshot) else { return }
            let written = plan.writes.reduce(memory) { $1.applied(to: $0) }
            let after = Type5Snapshot(memory: written, blockSize: blockSize, memoryBytes: memoryBytes)
            if after.message != message { violated("the written image does not read back as the message", input) }
        }
    }
#endif
