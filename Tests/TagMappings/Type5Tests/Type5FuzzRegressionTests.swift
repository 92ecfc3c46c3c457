import TestSupport
import Testing

@testable import Type5

/// Every input the `type5` fuzz target (Fuzz/Targets/Type5Fuzz.swift) ever broke, replayed with the
/// same reading of the input and the same invariants. Inputs live in
/// `Tests/Fixtures/fuzz-regressions/type5/`, one file each, named by libFuzzer (`crash-<sha1>`).
@Suite struct Type5FuzzRegressionTests {
    static var inputs: [String] { FuzzRegressions.names("type5") }

    /// The input as the fuzz target reads it: byte 0 picks the block size (bits 1–0), whether the
    /// memory size is known (bit 2) and the message length (bits 7–3 × 9, cut from the input's end);
    /// bytes 1–14 are a GET SYSTEM INFO payload; the rest is memory from block 0.
    struct Input {
        var memory: [UInt8]
        var blockSize: Int
        var memoryBytes: Int?
        var message: [UInt8]

        init(_ input: [UInt8]) throws {
            let selector = try #require(input.first)
            memory = Array(input.dropFirst(15))
            blockSize = [4, 8, 16, 32][Int(selector & 0x03)]
            memoryBytes = selector & 0x04 != 0 ? max(memory.count, 8) : nil
            message = Array(input.suffix(Int(selector >> 3) * 9))
        }

        var snapshot: Type5Snapshot { Type5Snapshot(memory: memory, blockSize: blockSize, memoryBytes: memoryBytes) }
    }

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    /// The fuzz target's invariants: a CC that parses encodes back to its bytes; a plan that is made
    /// never writes past the memory (when known), and, applied, reads back as the message.
    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let input = try Input(FuzzRegressions.bytes("type5", name))
        if case .success(let cc) = Type5CapabilityContainer.parse(
            Array(input.memory.prefix(8)), memoryBytes: input.memoryBytes)
        {
            #expect(cc.bytes == Array(input.memory.prefix(cc.length)))
        }
        let snapshot = input.snapshot
        guard case .success(let plan) = Type5WritePlan.make(message: input.message, snapshot: snapshot) else { return }
        if let memoryBytes = input.memoryBytes {
            #expect(plan.writes.allSatisfy { ($0.block + 1) * input.blockSize <= memoryBytes }, "\(name)")
        }
        let written = plan.writes.reduce(input.memory) { $1.applied(to: $0) }
        let after = Type5Snapshot(memory: written, blockSize: input.blockSize, memoryBytes: input.memoryBytes)
        #expect(after.message == input.message, "\(name): the written image does not read back as the message")
    }

    /// Found by the fuzzer after 231,357 executions (crash-a60827…): 4-byte blocks, 8 bytes of
    /// memory (known), a CC `E2 40 5D 00` whose MLEN 0x5D declares a 744-byte data area, and an
    /// empty message. The data area was clamped to the 4 bytes after the CC, where the walk put the
    /// NDEF slot on the Terminator at byte 7; the capacity (never below 0) let the empty message
    /// through, and the plan wrote `03 00` across bytes 7–8, into a block the tag does not have.
    /// Now the plan refuses, naming what the CC claims, what the memory holds and where that figure
    /// came from, and sends nothing.
    @Test func ccClaimingMoreThanTheMemoryIsRefusedWithItsFigures() throws {
        let input = try Input(FuzzRegressions.bytes("type5", "crash-a60827164f818cdd9644c09f0c6a9877243652c3"))
        #expect(input.memory == [0xE2, 0x40, 0x5D, 0x00, 0x00, 0x00, 0x00, 0xFE])
        let cc = try #require(input.snapshot.cc)
        #expect(cc.mlenConvention == .beyondMemory)
        #expect(cc.problems.contains(.mlenBeyondMemory(declared: 744, memoryBytes: 8, dataAreaBytes: 4)))
        let result = Type5WritePlan.make(message: input.message, snapshot: input.snapshot)
        #expect(
            result
                == .failure(
                    .ccClaimsBeyondMemory(declaredDataAreaBytes: 744, memoryBytes: 8, memorySource: .systemInfo)))
        // The memory size's source is carried through: a catalog figure is said to be assumed.
        let assumed = Type5Snapshot(memory: input.memory, blockSize: 4, memoryBytes: 8, memorySource: .catalog)
        guard case .failure(let error) = Type5WritePlan.make(message: [], snapshot: assumed) else {
            Issue.record("an over-claiming CC was planned")
            return
        }
        #expect(error == .ccClaimsBeyondMemory(declaredDataAreaBytes: 744, memoryBytes: 8, memorySource: .catalog))
        #expect(error.sentence.contains("744-byte data area"))
        #expect(error.sentence.contains("8 bytes (assuming the model's datasheet figure)"))
        #expect(error.origin == .refusal)
    }

    /// The other half of the same bug, on a CC that claims no more than the memory: a data area
    /// whose free room after the last TLV is 1 byte cannot take even an empty NDEF TLV (`03 00`).
    /// The capacity is 0 and the message is 0 bytes, so the capacity check alone let it through.
    @Test func emptyMessageWithNoRoomForItsTLVIsTooBig() throws {
        // CC E1 40 01 00: an 8-byte data area (bytes 4–11); NULL TLVs, then a Terminator on byte 11.
        let memory: [UInt8] = [0xE1, 0x40, 0x01, 0x00] + [0, 0, 0, 0, 0, 0, 0, 0xFE]
        let snapshot = Type5Snapshot(memory: memory, blockSize: 4, memoryBytes: 16)
        #expect(snapshot.walk?.ndefSlot == 11)
        #expect(
            Type5WritePlan.make(message: [], snapshot: snapshot)
                == .failure(.tooBig(needed: 0, capacity: 0, dataAreaBytes: 8, tlvOffset: 7)))
    }

    /// Where the memory is known, no write lands past it, whatever the CC says (a CC that fits the
    /// memory but a TLV walk that ends beyond it cannot arise; the guard is checked directly on a
    /// memory size that is not a whole number of blocks).
    @Test func noWritePastTheMemory() throws {
        // 4-byte CC, 8-byte data area, memory said to be 10 bytes: block 2 (bytes 8–11) is partly past it.
        let memory: [UInt8] = [0xE1, 0x40, 0x01, 0x00] + [0x03, 0x00, 0xFE, 0x00, 0x00, 0x00, 0x00, 0x00]
        let snapshot = Type5Snapshot(memory: memory, blockSize: 4, memoryBytes: 12, memorySource: .catalog)
        #expect(snapshot.cc?.mlenConvention == .dataArea)
        let fits = try Type5WritePlan.make(message: [0xD0, 0x00, 0x00], snapshot: snapshot).get()
        #expect(fits.writes.allSatisfy { ($0.block + 1) * 4 <= 12 })
        let short = Type5Snapshot(memory: memory, blockSize: 4, memoryBytes: 10, memorySource: .catalog)
        #expect(
            Type5WritePlan.make(message: [0xD0, 0x00, 0x00], snapshot: short)
                == .failure(.beyondMemory(block: 2, memoryBytes: 10, memorySource: .catalog)))
    }
}
