import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type2
import Type4

@testable import TagWorkflows

/// The disagreements between tag types that "One tag contract" (issue 24) names, each pinned so
/// it cannot come back: the same promise, kept on every type.
@Suite struct ContractFindingsTests {
    static let password = Type2Password(bytes: [0x12, 0x34, 0x56, 0x78])!

    /// A tear during the read-back, after every UPDATE landed, used to surface as a channel error
    /// on Type 4 (and Type 3) while the tag held the new message. The write is done: the error
    /// says so, and the tag reads as the new message.
    @Test(arguments: [TagModel.ntag424DNA, .genericType4, .feliCaLiteS, .ntag216, .icodeSLIX2])
    func aTearDuringTheReadBackNeverLosesAFinishedWrite(model: TagModel) async throws {
        let origin = try ConformanceTag.make(model)
        var rng = SplitMix64(seed: 24)
        _ = try await origin.driver().writeMessage(Messages.exactly(100, using: &rng), verify: true)
        let new = Messages.exactly(200, using: &rng)
        // Count the commands up to the last write (the same write without verification).
        let counting = try origin.copy()
        let start = counting.commands()
        _ = try await counting.driver().writeMessage(new, verify: false)
        let lastWrite = counting.commands() - start
        let tag = try origin.copy()
        tag.tearAfter(lastWrite, .notDelivered)
        do {
            _ = try await tag.driver().writeMessage(new, verify: true)
            Issue.record("\(model): the read-back was torn, yet the write reported success")
        } catch let error as TagWriteError {
            guard case .readBackInterrupted = error else {
                Issue.record("\(model): \(error.sentence)")
                return
            }
            #expect(error.stateAfter == .new)
            #expect(error.sentence.contains("holds the new message"))
        }
        tag.cancelTear()
        tag.present()
        #expect(try await tag.driver().readTag().content.message == new)
    }

    /// `format` over a Type 5 tag holding a message wiped it; now every type refuses.
    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k, .ntag213, .feliCaLiteS])
    func formatNeverWipesAMessage(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        var rng = SplitMix64(seed: 3)
        let message = Messages.exactly(30, using: &rng)
        _ = try await tag.driver().writeMessage(message, verify: true)
        let before = tag.state()
        guard let formattable = tag.driver() as? any FormattableTag else {
            Issue.record("\(model) is not formattable")
            return
        }
        await #expect(throws: (any Error).self) { _ = try await formattable.formatTag(FormatOptions()) }
        #expect(tag.state() == before)
        #expect(try await tag.driver().readTag().content.message == message)
    }

    /// After `ntag424 sdm setup` the NDEF file's write access is key 0: a plain write used to be
    /// refused part-way by the tag (`69 82`, worded as a tear). Now TapCard refuses before any
    /// UPDATE, and the tag is byte-identical.
    @Test func aKeyGuardedNDEFFileIsRefusedBeforeAnyUpdate() async throws {
        let emulated = EmulatedType4Tag(model: .ntag424DNA)
        let template = try SUNTemplate("https://example.com/t?p={picc}&m={mac}")
        _ = try await Type4Tag(channel: emulated).setUpSDM(template)
        let before = String(describing: emulated.memory)
        var rng = SplitMix64(seed: 4)
        // A message that ends before the SDM mirror (at byte 23) needs the key; a longer one would
        // be overwritten by the mirror at every read, which no key changes.
        do {
            _ = try await Type4Tag(channel: emulated).write(Messages.exactly(12, using: &rng))
            Issue.record("the write was not refused")
        } catch let error as Type4WriteRefusal {
            #expect(error.origin == .refusal)
            #expect(error.sentence.contains("E104"))
            #expect(error.sentence.contains("key 0"))
        }
        do {
            _ = try await Type4Tag(channel: emulated).write(Messages.exactly(40, using: &rng))
            Issue.record("the write was not refused")
        } catch let error as Type4WriteRefusal {
            #expect(error.sentence.contains("mirroring into it from byte 23"))
        }
        #expect(String(describing: emulated.memory) == before)
        let updates = emulated.commandLog.suffix(10).filter { $0.command.ins == 0xD6 }
        #expect(updates.isEmpty)
    }

    /// An NTAG213 read-protected from page 20 holding a long message: erasing writes only the
    /// NDEF TLV's length (page 4 or 5), below the protected pages, so it needs no password, and a
    /// refusal never names a page the operation would not write.
    @Test func eraseBelowTheProtectedPagesNeedsNoPassword() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        var rng = SplitMix64(seed: 5)
        _ = try await Type2Tag(transport: tag).write(Messages.exactly(120, using: &rng))
        _ = try await Type2Tag(transport: tag).protect(
            ProtectionRequest(password: Self.password, firstPage: 20, protectsReads: true))
        tag.present()
        let report = try await Type2Tag(transport: tag, declaredModel: .ntag213).erase()
        #expect(report.pagesWritten.allSatisfy { $0 < 20 }, "\(report.pagesWritten)")
        tag.present()
        let content = try await Type2Tag(transport: tag, password: Self.password).read().content
        #expect(content == .empty)
    }

    /// A write that must reach the protected pages is refused naming those pages, and only those.
    @Test func aRefusedWriteNamesOnlyThePagesItWouldWrite() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x67])
        var rng = SplitMix64(seed: 6)
        _ = try await Type2Tag(transport: tag).write(Messages.exactly(120, using: &rng))
        _ = try await Type2Tag(transport: tag).protect(
            ProtectionRequest(password: Self.password, firstPage: 20, protectsReads: true))
        tag.present()
        let before = tag.memory
        do {
            _ = try await Type2Tag(transport: tag, declaredModel: .ntag213).write(Messages.exactly(100, using: &rng))
            Issue.record("a write into protected pages was not refused")
        } catch let error as WritePreflightError {
            guard case .passwordRequired(let pages, let first, _, _) = error else {
                Issue.record("\(error.sentence)")
                return
            }
            #expect(first == 20)
            #expect(pages.allSatisfy { $0 >= 20 })
            #expect(pages.contains(20))
        }
        #expect(tag.memory == before)
    }
}
