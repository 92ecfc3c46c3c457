import TagCatalog
import TestSupport
import Testing

@testable import Type5

@Suite struct Type5WritePlanTests {
    typealias Geometry = Type5Image.Geometry

    func formatted(_ geometry: Geometry) throws -> [UInt8] {
        let blank = Type5Image.blank(geometry)
        let plan = try Type5FormatPlan.make(
            snapshot: Type5Image.snapshot(blank, geometry), memoryBytes: geometry.memoryBytes
        ).get()
        return plan.writes.reduce(blank) { $1.applied(to: $0) }
    }

    /// The message a reader sees: the NDEF message, [] for empty, nil for anything else.
    func read(_ memory: [UInt8], _ geometry: Geometry) -> [UInt8]? {
        Type5Image.snapshot(memory, geometry).message
    }

    /// TS T5T 7.5.3.x / AOSP RESET_LEN → WRITE_NDEF → UPDATE_LEN, checked as a property: for random
    /// old and new messages around 0, 1, 250–260 and the capacity, every prefix of the plan, and
    /// every write torn half-way, reads as the old message, empty, or the new one — in that order.
    @Test func everyPrefixAndTornWriteReadsAsOldEmptyOrNew() throws {
        var random = SplitMix64(seed: 0x7_5E4)
        var states = 0
        for geometry in [Type5Image.slix2, Type5Image.st25dv04k, Type5Image.large8, Type5Image.small16] {
            let empty = try formatted(geometry)
            let capacity = Type5Image.snapshot(empty, geometry).capacity.bytes
            let sizes = [0, 1, 2, 3, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260, capacity - 1, capacity]
            for _ in 0..<60 {
                let old = random.bytes(min(capacity, sizes.randomElement(using: &random)!))
                let new = random.bytes(min(capacity, sizes.randomElement(using: &random)!))
                let start = try Type5WritePlan.make(message: old, snapshot: Type5Image.snapshot(empty, geometry)).get()
                    .finalMemory
                #expect(read(start, geometry) == old)
                let plan = try Type5WritePlan.make(message: new, snapshot: Type5Image.snapshot(start, geometry)).get()
                var memory = start
                var phase = 0  // 0 old, 1 empty, 2 new
                func check(_ image: [UInt8], _ what: String) {
                    // The phases this image could be in; the earliest one not before the last.
                    let seen = read(image, geometry)
                    let next = [old, [], new].indices.first { $0 >= phase && [old, [], new][$0] == seen }
                    #expect(next != nil, "\(old.count)→\(new.count) \(what): read \(String(describing: seen?.count))")
                    phase = next ?? phase
                    states += 1
                }
                check(memory, "before")
                for (index, write) in plan.writes.enumerated() {
                    check(Type5Image.apply(write, to: memory, torn: true), "torn write \(index) (\(write.role))")
                    memory = Type5Image.apply(write, to: memory)
                    check(memory, "after write \(index) (\(write.role))")
                }
                #expect(read(memory, geometry) == new)
                #expect(memory.prefix(plan.finalMemory.count) == plan.finalMemory[...])
            }
        }
        print("Type5WritePlan tearing property: \(states) states checked")
    }

    /// The commit differs from the state before it in the first length byte only.
    @Test func commitChangesOneByte() throws {
        let geometry = Type5Image.slix2
        let empty = try formatted(geometry)
        for count in [1, 100, 254, 255, 300] {
            let plan = try Type5WritePlan.make(
                message: [UInt8](repeating: 0xAB, count: count), snapshot: Type5Image.snapshot(empty, geometry)
            ).get()
            let roles = plan.writes.map(\.role)
            #expect(roles.first == .data || roles.first == .clearLength)
            #expect(roles.last == .commit)
            let before = plan.writes.dropLast().last { $0.block == plan.lengthBlock }
            let commit = try #require(plan.writes.last)
            let differing = zip(before?.bytes ?? [], commit.bytes).filter { $0 != $1 }.count
            #expect(differing == 1)
        }
    }

    /// 254 bytes take the 1-byte length; 255 (0xFF would mean "3 bytes follow") and 256 the 3-byte
    /// form `FF 00 FF` / `FF 01 00`, which moves the message start by two bytes.
    @Test func lengthFormBoundary() throws {
        let geometry = Type5Image.st25dv04k
        let empty = try formatted(geometry)
        for (count, field) in [(254, [0xFE]), (255, [0xFF, 0x00, 0xFF]), (256, [0xFF, 0x01, 0x00])] as [(Int, [UInt8])]
        {
            let message = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
            let plan = try Type5WritePlan.make(message: message, snapshot: Type5Image.snapshot(empty, geometry)).get()
            #expect(plan.lengthFieldBytes == field.count)
            #expect(Array(plan.finalMemory[4..<5 + field.count]) == [0x03] + field)
            #expect(Array(plan.finalMemory[5 + field.count..<5 + field.count + count]) == message)
            #expect(plan.finalMemory[5 + field.count + count] == 0xFE)
            let snapshot = Type5Image.snapshot(plan.finalMemory, geometry)
            #expect(snapshot.ndef?.lengthFieldBytes == field.count)
            #expect(snapshot.message == message)
        }
    }

    @Test func refusals() throws {
        let geometry = Type5Image.slix2
        let empty = try formatted(geometry)
        let snapshot = Type5Image.snapshot(empty, geometry)
        // SLIX2: MLEN 39 → 312 bytes of data area → 308 with a 3-byte length.
        #expect(snapshot.capacity == .reported(308, model: .icodeSLIX2))
        #expect(
            Type5WritePlan.make(message: [UInt8](repeating: 1, count: 309), snapshot: snapshot)
                == .failure(.tooBig(needed: 309, capacity: 308, dataAreaBytes: 312, tlvOffset: 0)))
        var readOnly = empty
        readOnly[1] = 0x43
        #expect(
            Type5WritePlan.make(message: [1], snapshot: Type5Image.snapshot(readOnly, geometry))
                == .failure(.readOnlyByCC(access: .readOnly)))
        #expect(Type5Image.snapshot(readOnly, geometry).readOnlyReason == .writeAccess(.readOnly))
        let locked = Type5Image.snapshot(empty, geometry, security: [1: true])
        #expect(locked.readOnlyReason == .lockedBlock(1))
        #expect(Type5WritePlan.make(message: [1], snapshot: locked) == .failure(.blockLocked(block: 1)))
        let blank = Type5Image.snapshot(Type5Image.blank(geometry), geometry)
        #expect(Type5WritePlan.make(message: [1], snapshot: blank) == .failure(.notFormatted(blockZero: [0, 0, 0, 0])))
        let error = Type5PlanError.tooBig(needed: 309, capacity: 308, dataAreaBytes: 312, tlvOffset: 0)
        #expect(error.origin == .refusal && error.sentence.contains("reported by the CC"))
        #expect(Type5StatusError.refused(command: .iso15693(0x21), block: 3, code: 0x12).origin == .tag)
    }
}
