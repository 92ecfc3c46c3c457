import NDEF
import TagCatalog
import TagEmulator
import Testing
import Type4

@testable import TagWorkflows

/// A DESFire lock said "No command can make this tag writable again", yet the PICC master key can
/// delete the application or format the card, and AN11004's key settings `0F` let anyone delete
/// the NDEF file and create a writable one. The lock now names who can undo it; an NTAG 424 DNA,
/// whose files cannot be deleted, is still said to be permanent.
@Suite struct DESFireLockPermanenceTests {
    @Test(arguments: [TagModel.desfireEV1_4K, .desfireEV2_8K, .desfireEV3_4K])
    func aDESFireLockNamesWhoCanUndoIt(model: TagModel) async throws {
        let tag = EmulatedType4Tag(model: model)
        _ = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire()
        _ = try await Type4Tag(channel: tag, uid: tag.uid).writeMessage(
            NDEFMessage(records: [.uri("https://example.com/d")]), verify: true)
        await #expect(throws: Type4LockRefusal.confirmationRequiredNotPermanent) {
            _ = try await Type4Tag(channel: tag, uid: tag.uid).lock(confirmation: nil)
        }
        let report = try await Type4Tag(channel: tag, uid: tag.uid).lock(confirmation: .permanent)
        #expect(report.verified)
        let undo = try #require(report.desfireUndo)
        #expect(undo.applicationKeySettings == 0x0F && undo.anyoneCanReplaceTheFile)
        #expect(undo.piccKeySettings == 0x0F)
        let last = try #require(report.summaryLines(uid: tag.uid).last)
        #expect(!last.contains("No command can make this tag writable again"))
        #expect(last.contains("not permanent") && last.contains("PICC master key"))
    }

    @Test func anNTAG424LockIsStillPermanent() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA)
        let report = try await Type4Tag(channel: tag, uid: tag.uid).lock(confirmation: .permanent)
        #expect(report.verified && report.desfireUndo == nil)
        #expect(
            report.summaryLines(uid: tag.uid).last?.hasSuffix("No command can make this tag writable again.") == true)
    }
}
