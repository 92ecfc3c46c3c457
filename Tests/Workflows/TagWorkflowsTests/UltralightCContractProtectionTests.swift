import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type2

@testable import TagWorkflows

/// MIFARE Ultralight C through the contract's `ProtectableTag`: a key request guards pages with
/// the key the tag holds, an unprotect frees them, and a key request without a key is refused
/// before anything is sent.
@Suite(.enabled(if: UltralightCTestSupport.desAvailable, "the platform's DES is not usable here"))
struct UltralightCContractProtectionTests {
    static let uid: [UInt8] = [0x04, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46]

    static func driver(_ tag: EmulatedTag, key: Type2AuthenticationKey? = nil) -> any ProtectableTag {
        Type2Tag(transport: tag, declaredModel: .ultralightC, key: key)
    }

    @Test("a key request without the key is our refusal, naming the page asked, and not one command is sent")
    func keyRequestWithoutKeySendsNothing() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        tag.clearLog()
        let before = tag.memory
        await #expect(throws: KeyProtectionError.keyNotGiven(firstPage: 4)) {
            _ = try await Self.driver(tag).protectTag(.key(firstPage: 4, protectsReads: true))
        }
        #expect(KeyProtectionError.keyNotGiven(firstPage: 4).origin == .refusal)
        #expect(tag.commandLog.isEmpty)
        #expect(tag.memory == before)
    }

    @Test("protectTag(.key) sets AUTH1 then AUTH0 and reports them; unprotectTag sets AUTH0 30h")
    func protectAndUnprotectThroughTheContract() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        let protected = try await Self.driver(tag, key: .ultralightCFactory).protectTag(
            .key(firstPage: 5, protectsReads: false))
        guard case .key(let report) = protected else {
            Issue.record("expected the Ultralight C report, got \(protected)")
            return
        }
        #expect(report.writes.map(\.page) == [UltralightCAccess.auth1Page, UltralightCAccess.auth0Page])
        #expect(report.after.auth0 == 5 && !report.after.protectsReads && report.keyAuthenticated)
        #expect(report.uid?.bytes == Self.uid)
        #expect(!report.changedKey)
        #expect(tag.memory[UltralightCAccess.auth0Page * 4] == 5)
        tag.present()

        // Without the key, unprotect reads AUTH0 and refuses with it; nothing is written.
        let guarded = tag.memory
        await #expect(throws: KeyProtectionError.keyRequired(firstProtectedPage: 5)) {
            _ = try await Self.driver(tag).unprotectTag()
        }
        #expect(tag.memory == guarded)
        tag.present()

        let freed = try await Self.driver(tag, key: .ultralightCFactory).unprotectTag()
        guard case .key(let unprotect) = freed else {
            Issue.record("expected the Ultralight C report, got \(freed)")
            return
        }
        #expect(unprotect.after.protectedPages == nil && unprotect.writes.map(\.page) == [UltralightCAccess.auth0Page])
        #expect(tag.memory[UltralightCAccess.auth0Page * 4] == UltralightCAccess.auth0Off)
    }

    @Test("a password request on an Ultralight C is refused before anything is written")
    func passwordRequestIsRefused() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        let before = tag.memory
        await #expect(throws: ProtectionRefusal.noPasswordOnChip(model: .ultralightC)) {
            _ = try await Self.driver(tag).protectTag(
                .password(ProtectionRequest(password: Type2Password(bytes: [1, 2, 3, 4])!)))
        }
        #expect(tag.memory == before)
    }
}
