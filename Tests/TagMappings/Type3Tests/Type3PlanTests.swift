import TagCatalog
import TagFrames
import TestSupport
import Testing

@testable import Type3

@Suite struct Type3PlanTests {
    let formatted = Type3AttributeBlock(blocksPerCheck: 4, blocksPerUpdate: 1, maximumBlocks: 13)

    @Test func readPlanGroupsByNbrAndChip() throws {
        var attribute = formatted
        attribute.length = 100  // 7 blocks
        let plan = try Type3ReadPlan.make(attribute: attribute, facts: TagModel.feliCaLiteS.type3).get()
        #expect(plan.checks == [[1, 2, 3, 4], [5, 6, 7]])
        attribute.blocksPerCheck = 12
        #expect(try Type3ReadPlan.make(attribute: attribute, facts: TagModel.feliCaLiteS.type3).get().checks.count == 2)
        attribute.writeFlag = 0x0F
        #expect(try Type3ReadPlan.make(attribute: attribute).get().checks.isEmpty)
        // Ln beyond Nmaxb × 16: nothing to read (a damaged length, which a write replaces).
        attribute.writeFlag = 0x00
        attribute.length = 209
        #expect(try Type3ReadPlan.make(attribute: attribute).get().checks.isEmpty)
    }

    @Test func writePlanRefusals() {
        var readOnly = formatted
        readOnly.accessFlag = 0
        #expect(Type3WritePlan.make(message: [1], attribute: readOnly) == .failure(.readOnlyFlag))
        #expect(
            Type3WritePlan.make(message: [UInt8](repeating: 0, count: 209), attribute: formatted)
                == .failure(.tooBig(needed: 209, capacity: 208, maximumBlocks: 13)))
        let mc = FeliCaLiteSMemoryConfiguration([0xF7, 0xFF, 0xFF, 0x01])  // S_PAD3 read-only
        #expect(
            Type3WritePlan.make(
                message: [UInt8](repeating: 1, count: 40), attribute: formatted, memoryConfiguration: mc)
                == .failure(.readOnlyBlocks([3])))
        #expect(
            (try? Type3WritePlan.make(message: [1, 2], attribute: formatted, memoryConfiguration: mc).get()) != nil)
        let error = Type3PlanError.tooBig(needed: 209, capacity: 208, maximumBlocks: 13)
        #expect(error.origin == .refusal && error.sentence.contains("reported by the attribute block"))
    }

    /// An attribute block whose Nmaxb claims more blocks than the card has is refused, naming both,
    /// at the first block too many (a Lite-S has 13 data blocks); exactly the card's count plans.
    /// (Mutation audit, issue 29: an off-by-one in this check passed every test.)
    @Test func writePlanRefusesAnNmaxbBeyondTheCard() throws {
        let facts = try #require(TagModel.feliCaLiteS.type3)
        #expect(facts.dataBlocks == 13)
        var claiming = formatted
        claiming.maximumBlocks = 14
        #expect(
            Type3WritePlan.make(message: [1], attribute: claiming, facts: facts)
                == .failure(.beyondChip(maximumBlocks: 14, chipBlocks: 13)))
        #expect((try? Type3WritePlan.make(message: [1], attribute: formatted, facts: facts).get()) != nil)
    }

    /// S_PAD0 (block 0, the attribute block every write commits to) read-only: any write, even one
    /// message byte or an erase, is refused naming block 0 (issue 29's surviving mutation).
    @Test func writePlanRefusesAReadOnlyBlockZero() {
        let mc = FeliCaLiteSMemoryConfiguration([0xFE, 0xFF, 0xFF, 0x01])  // S_PAD0 read-only
        for message in [[], [1], [UInt8](repeating: 1, count: 40)] as [[UInt8]] {
            #expect(
                Type3WritePlan.make(message: message, attribute: formatted, memoryConfiguration: mc)
                    == .failure(.readOnlyBlocks([0])), "\(message.count) bytes")
        }
        let both = FeliCaLiteSMemoryConfiguration([0xF6, 0xFF, 0xFF, 0x01])  // S_PAD0 and S_PAD3
        #expect(
            Type3WritePlan.make(
                message: [UInt8](repeating: 1, count: 40), attribute: formatted, memoryConfiguration: both)
                == .failure(.readOnlyBlocks([0, 3])))
    }

    @Test func writePlanShape() throws {
        let plan = try Type3WritePlan.make(message: [UInt8](1...33), attribute: formatted).get()
        #expect(plan.writes.map(\.role) == [.clearLength, .data, .data, .data, .commit])
        #expect(plan.writes.map(\.blocks) == [[0], [1], [2], [3], [0]])
        #expect(plan.writes[0].bytes[9] == 0x0F)
        #expect(Array(plan.writes[4].bytes[9...13]) == [0x00, 0x01, 0x00, 0x00, 33])
        #expect(try Type3WritePlan.make(message: [], attribute: formatted).get().writes.map(\.role) == [.commit])
        let command = plan.writes[1].command(idm: [UInt8](repeating: 7, count: 8))
        #expect(command.code == 0x08 && Array(command.parameters.prefix(6)) == [0x01, 0x09, 0x00, 0x01, 0x80, 0x01])
    }

    /// What a reader that honours WriteF finds in `image` (14 blocks): the message, `nil` for an
    /// interrupted write / no valid attribute block.
    static func read(_ image: [[UInt8]]) -> [UInt8]? {
        guard case .success(let attribute) = Type3AttributeBlock.parse(image[0]),
            case .success(let plan) = Type3ReadPlan.make(attribute: attribute)
        else { return nil }
        let data = plan.checks.flatMap { $0.flatMap { image[$0] } }
        return Type3Snapshot.make(attribute: attribute, data: data).message
    }

    static func image(message: [UInt8], attribute: Type3AttributeBlock) -> [[UInt8]] {
        var image = [[UInt8]](repeating: [UInt8](repeating: 0xEE, count: 16), count: 14)
        var committed = attribute
        committed.length = message.count
        image[0] = committed.bytes
        let padded = message + [UInt8](repeating: 0, count: (16 - message.count % 16) % 16)
        for block in 0..<(padded.count / 16) { image[block + 1] = Array(padded[block * 16..<(block + 1) * 16]) }
        return image
    }

    /// Every prefix of the plan, and a torn block (first 8 bytes new, last 8 old) at every index:
    /// the image reads as old, then empty (interrupted), then new, never anything else, never
    /// going back.
    @Test func tearingProperty() throws {
        var random = SplitMix64(seed: 0x3333)
        let sizes = [0, 1, 15, 16, 17, 207, 208]
        var cases = 0
        for round in 0..<120 {
            let oldSize = round < 49 ? sizes[round % 7] : Int(random.next() % 209)
            let newSize = round < 49 ? sizes[round / 7] : Int(random.next() % 209)
            let old = random.bytes(oldSize)
            let new = random.bytes(newSize)
            let start = Self.image(message: old, attribute: formatted)
            let plan = try Type3WritePlan.make(message: new, attribute: formatted).get()
            var stages: [Int] = []
            for cut in 0...plan.writes.count {
                for torn in [false, true] where !(torn && cut == plan.writes.count) {
                    var image = start
                    for write in plan.writes.prefix(cut) {
                        for (index, block) in write.blocks.enumerated() {
                            image[block] = Array(write.bytes[index * 16..<(index + 1) * 16])
                        }
                    }
                    if torn {
                        let write = plan.writes[cut]
                        let block = write.blocks[0]
                        image[block] = Array(write.bytes[0..<8]) + Array(image[block][8..<16])
                    }
                    let found = Self.read(image)
                    // old → 0, interrupted (no valid message) → 1, new → 2; anything else → -1.
                    let stage =
                        found == old && (old != new || stages.allSatisfy { $0 == 0 })
                        ? 0
                        : found == nil ? 1 : found == new ? 2 : -1
                    #expect(stage >= 0, "old \(oldSize) new \(newSize) cut \(cut) torn \(torn)")
                    #expect(stage >= (stages.last ?? 0), "went back: old \(oldSize) new \(newSize) cut \(cut)")
                    stages.append(stage)
                    cases += 1
                }
            }
            #expect(stages.first == 0 && (stages.last == 2 || old == new))
        }
        print("Type 3 tearing property: \(cases) prefixes and torn blocks checked")
        #expect(cases > 1000)
    }

    @Test func formatRefusalsAndWipe() throws {
        let fresh = FeliCaLiteSMemoryConfiguration([0xFF, 0xFF, 0xFF, 0x00, 0x07] + [UInt8](repeating: 0, count: 11))
        let wiped = try Type3FormatPlan.make(memoryConfiguration: fresh, zeroData: true).get()
        #expect(wiped.writes.count == 2 + 13 && wiped.writes.last?.block == 13)
        var lockedMC = fresh.bytes
        lockedMC[2] = 0
        #expect(
            Type3FormatPlan.make(memoryConfiguration: FeliCaLiteSMemoryConfiguration(lockedMC))
                == .failure(.memoryConfigurationReadOnly))
        var spad0 = fresh.bytes
        spad0[0] = 0xFE
        #expect(
            Type3FormatPlan.make(memoryConfiguration: FeliCaLiteSMemoryConfiguration(spad0))
                == .failure(.readOnlyBlocks([0])))
        var partial = fresh.bytes
        partial[0] = 0x1F  // S_PAD0–4 writable: Nmaxb 4 (nfcpy counts consecutive bits after bit 0)
        partial[1] = 0x00
        #expect(
            Type3FormatPlan.attributeBlock(memoryConfiguration: FeliCaLiteSMemoryConfiguration(partial)).maximumBlocks
                == 4)
    }

    @Test func lockPlanOrderAndPermanence() throws {
        let mc = FeliCaLiteSMemoryConfiguration([0xFF, 0xFF, 0xFF, 0x01, 0x07] + [UInt8](repeating: 0, count: 11))
        let plan = try Type3LockPlan.make(attribute: formatted, memoryConfiguration: mc).get()
        #expect(plan.writes.map(\.step) == [.readOnlyFlag, .lockMemory])
        #expect(plan.writes.map(\.isPermanent) == [false, true])
        let flagged = try Type3AttributeBlock.parse(plan.writes[0].bytes).get()
        #expect(flagged.isReadOnly)
        let locked = FeliCaLiteSMemoryConfiguration(plan.writes[1].bytes)
        #expect(locked.readOnlyScratchPads == Array(0...13) && !locked.isMemoryConfigurationWritable)
        #expect(locked.isNDEFEnabled)
        var done = mc.bytes
        done[2] = 0
        #expect(
            Type3LockPlan.make(attribute: formatted, memoryConfiguration: FeliCaLiteSMemoryConfiguration(done))
                == .failure(.memoryConfigurationReadOnly))
    }

    @Test func statusErrorsNameFlagsAndBlocks() {
        let command = Type3Command.update(idm: [1, 2, 3, 4, 5, 6, 7, 8], service: 9, blocks: [3], data: [])
        let refused = FeliCaResponse(code: 0x09, idm: command.idm, payload: [0x01, 0xA6])
        #expect(throws: Type3StatusError.refused(command: command.label, flag1: 1, flag2: 0xA6, blocks: [3])) {
            _ = try Type3StatusError.check(refused, command: command, blocks: [3])
        }
        let error = Type3StatusError.refused(command: command.label, flag1: 0x02, flag2: 0xC7, blocks: [])
        #expect(error.origin == .tag)
        #expect(error.sentence.contains("01 A6") == false && error.sentence.contains("02 C7"))
        #expect(error.sentence.contains("unknown code 0xC7") && error.sentence.contains("2nd element"))
        let other = FeliCaResponse(code: 0x09, idm: [9, 9, 9, 9, 9, 9, 9, 9], payload: [0, 0])
        #expect(throws: Type3StatusError.wrongCard(command: command.label, idm: other.idm)) {
            _ = try Type3StatusError.check(other, command: command)
        }
    }
}
