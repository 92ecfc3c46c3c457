import MIFAREClassic
import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing

@testable import TagWorkflows

/// A MIFARE Classic lock is planned from the whole card and proven before its first trailer
/// write: a sector whose key B or access bits TapCard cannot use refuses the whole lock with
/// nothing written (before this, a card whose sector 5 had another key B was locked in sectors
/// 1–4 for good, then stopped, and could never be finished); a lock run again on a locked card
/// writes nothing and succeeds (before, it failed at the MAD sector, for ever).
@Suite struct ClassicLockPreflightTests {
    static let uri = NDEFMessage(records: [.uri("https://example.com/classic-lock")])

    static func written(_ model: TagModel) async throws -> EmulatedClassicTag {
        let card = EmulatedClassicTag(model: model, formatted: true)
        _ = try await ClassicTag(channel: card).write(Self.uri)
        return card
    }

    /// Key B of one sector changed, in every NDEF sector and the MAD sectors of both sizes.
    @Test(arguments: [TagModel.mifareClassic1K, .mifareClassic4K])
    func anotherKeyBInAnySectorRefusesTheWholeLockWithNothingWritten(model: TagModel) async throws {
        let reference = try await Self.written(model)
        let layout = try #require(ClassicLayout.allCases.first { $0.blockCount == reference.blocks.count })
        let sectors = model == .mifareClassic1K ? [0, 1, 5, 15] : [0, 5, 16, 17, 39]
        for sector in sectors {
            let card = try await Self.written(model)
            let block = layout.trailerBlock(ofSector: sector)
            card.setBlock(block, to: Array(card.blocks[block][0..<10]) + [0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
            let before = card.blocks
            do {
                _ = try await ClassicTag(channel: card).lock(confirmation: .permanent)
                Issue.record("sector \(sector): the lock went ahead")
            } catch let refusal as ClassicLockPreflightRefusal {
                #expect(refusal.obstacles == [.init(sector: sector, reason: .keyBRefused)], "sector \(sector)")
                #expect(refusal.sentence.contains("before anything was written"))
                // Issue 39: the sector's key B is named as key B, once, never as "key A of sector
                // 5 (ffffffffffff (key B))".
                #expect(
                    refusal.sentence.contains(
                        "sector \(sector) refused the transport key ffffffffffff as key B"), "\(refusal.sentence)")
                #expect(!refusal.sentence.contains("key A of sector"))
                #expect(!refusal.sentence.contains("(key B))"))
                #expect(refusal.origin == .tag)
            }
            #expect(card.blocks == before, "sector \(sector): the card changed")
            #expect(try await ClassicTag(channel: card).readTag().status == .readWrite)
        }
    }

    /// Access bits that do not let key B rewrite the trailer (a sector frozen by another tool)
    /// refuse the lock before anything is written.
    @Test func aTrailerKeyBCannotRewriteRefusesTheLock() async throws {
        let card = try await Self.written(.mifareClassic1K)
        // Sector 9: data writable with either key (000), trailer frozen (110).
        let frozen = AccessBits(data: .init(code: 0b000), trailer: .init(code: 0b110))
        let block = ClassicLayout.oneK.trailerBlock(ofSector: 9)
        card.setBlock(block, to: ClassicKey.ndefKeyA.bytes + frozen.bytes + [0x40] + ClassicKey.transport.bytes)
        let before = card.blocks
        await #expect(throws: ClassicLockPreflightRefusal.self) {
            _ = try await ClassicTag(channel: card).lock(confirmation: .permanent)
        }
        #expect(card.blocks == before)
    }

    @Test(arguments: [TagModel.mifareClassic1K, .mifareClassic4K])
    func aLockRunAgainWritesNothingAndSucceeds(model: TagModel) async throws {
        let card = try await Self.written(model)
        let first = try await ClassicTag(channel: card).lock(confirmation: .permanent)
        #expect(first.verified)
        let before = card.blocks
        let again = try await ClassicTag(channel: card).lock(confirmation: .permanent)
        #expect(again.verified && again.lockedSectors.isEmpty)
        #expect(again.statistics.unitsWritten == 0)
        #expect(card.blocks == before)
        #expect(again.summaryLines.first?.hasPrefix("Every sector was locked already") == true)
    }

    /// Torn at every command index in every mode, the lock leaves a card that reads its message,
    /// and the same lock run again finishes it, verified.
    @Test(arguments: [TearMode.notDelivered, .replyLost, .corruptedWrite])
    func aTornLockIsFinishedByRunningItAgain(mode: TearMode) async throws {
        let reference = try await Self.written(.mifareClassic1K)
        let start = reference.commandCount
        _ = try await ClassicTag(channel: reference).lock(confirmation: .permanent)
        let total = reference.commandCount - start
        #expect(total > 40)
        var blocked = 0
        for index in 1...total {
            let card = try await Self.written(.mifareClassic1K)
            card.tearAfter(commands: index - 1, mode: mode)
            do {
                _ = try await ClassicTag(channel: card).lock(confirmation: .permanent)
            } catch {}
            card.present()
            if mode == .corruptedWrite, ConformanceTag.classic(card).blockedClassicSector() != nil {
                // A trailer torn half-written blocked its sector for good (the chip's limit, no
                // tearing protection): nothing can finish the lock, and the error said the trailer
                // write did not complete. Counted, not hidden.
                blocked += 1
                continue
            }
            #expect(try await ClassicTag(channel: card).readTag().content.message == Self.uri, "tear at \(index)")
            let finished = try await ClassicTag(channel: card).lock(confirmation: .permanent)
            #expect(finished.verified, "tear at \(index) (\(mode))")
        }
        // Only a half-written trailer can block a sector, and only in corrupted-write mode.
        #expect(mode == .corruptedWrite || blocked == 0)
    }
}
