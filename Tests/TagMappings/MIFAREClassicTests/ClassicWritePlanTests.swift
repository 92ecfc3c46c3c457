import MIFAREClassic
import TLVArea
import Testing

/// The NDEF write plan over a formatted card's area: every prefix of its writes leaves the old
/// message, an empty one or the new one (in that order), the commit is the last write, and blocks
/// that do not change are not written.
@Suite struct ClassicWritePlanTests {
    func formatted(_ layout: ClassicLayout, message: [UInt8]) throws -> [[UInt8]] {
        let factory = (0..<layout.blockCount).map { block in
            layout.isTrailer(block) ? SectorTrailer.transport.bytes : [UInt8](repeating: 0, count: 16)
        }
        return try ClassicFormatPlan.make(layout: layout, message: message).get().applied(to: factory)
    }

    func message(_ count: Int, seed: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed) } }

    @Test(arguments: [
        (ClassicLayout.oneK, 40, 100), (.oneK, 300, 20), (.oneK, 0, 716), (.oneK, 716, 0), (.fourK, 254, 255),
        (.fourK, 3356, 3),
    ])
    func everyPrefixReadsAsOldEmptyOrNew(layout: ClassicLayout, old: Int, new: Int) throws {
        var image = try formatted(layout, message: message(old, seed: 1))
        let area = try ClassicNDEFArea.read(image: image, layout: layout).get()
        let plan = try ClassicWritePlan.make(message: message(new, seed: 5), area: area).get()
        #expect(plan.writes.last?.role == .commit)
        #expect(plan.writes.filter { $0.role == .commit }.count == 1)
        #expect(plan.writes.allSatisfy { area.blocks.contains($0.block) })
        var stage = 0  // 0 old, 1 empty, 2 new: never backwards
        for write in plan.writes {
            image[write.block] = write.bytes
            let now = try ClassicNDEFArea.read(image: image, layout: layout).get().message
            let seen: Int =
                now == message(new, seed: 5) ? 2 : now == [] ? 1 : now == message(old, seed: 1) ? 0 : -1
            #expect(seen >= stage, "\(write.block) \(write.role)")
            stage = max(stage, seen)
        }
        #expect(try ClassicNDEFArea.read(image: image, layout: layout).get().message == message(new, seed: 5))
    }

    @Test func tooBigAndUnreadAreasAreRefused() throws {
        let image = try formatted(.oneK, message: [])
        let area = try ClassicNDEFArea.read(image: image, layout: .oneK).get()
        #expect(
            ClassicWritePlan.make(message: message(717, seed: 0), area: area)
                == .failure(.tooBig(needed: 717, capacity: 720, available: 720, tlvOffset: 0)))
        let short = try ClassicNDEFArea.read(image: Array(image.prefix(10)), layout: .oneK).get()
        // Five blocks read (sector 1 and two of sector 2): enough for an erase (03 00 FE), not for a
        // 100-byte message (03 64, 100 bytes, FE: through the seventh block).
        #expect(ClassicWritePlan.make(message: [], area: short).map(\.messageLength) == .success(0))
        #expect(
            ClassicWritePlan.make(message: message(100, seed: 0), area: short)
                == .failure(.areaNotRead(read: 80, needed: 112)))
    }

    /// Writing the message already there changes nothing but may rewrite the length: the
    /// commit is still the last write, and only the length block is touched.
    @Test func rewritingTheSameMessageTouchesOnlyTheLengthBlock() throws {
        let image = try formatted(.oneK, message: message(100, seed: 1))
        let area = try ClassicNDEFArea.read(image: image, layout: .oneK).get()
        let plan = try ClassicWritePlan.make(message: message(100, seed: 1), area: area).get()
        #expect(Set(plan.writes.map(\.block)) == [4])
        #expect(plan.writes.map(\.role) == [.clearLength, .commit])
    }
}
