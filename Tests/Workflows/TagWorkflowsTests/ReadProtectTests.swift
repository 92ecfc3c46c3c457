import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type2

@testable import TagWorkflows

/// `protect` with PROT set: once AUTH0 lands, CFG0/CFG1 themselves need the password to be read,
/// so the verification must present the new password before reading them back.
@Suite struct ReadProtectTests {
    static let password = Type2Password(bytes: [0x12, 0x34, 0x56, 0x78])!
    static let pack = PasswordAcknowledge(bytes: [0x5E, 0x6F])!

    @Test func protectingReadsToVerifiesAndUnprotectUndoesIt() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        let report = try await Type2Tag(transport: tag).protect(
            ProtectionRequest(password: Self.password, acknowledge: Self.pack, protectsReads: true))
        #expect(report.passwordVerified)
        #expect(report.after.auth0 == 4)
        #expect(report.after.protectsReads)
        // NTAG213 CFG1 is page 42: ACCESS with PROT (bit 7).
        #expect(tag.memory[42 * 4] & 0x80 == 0x80)
        tag.present()
        // Without the password the configuration page refuses to be read.
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) {
            try await tag.transceive([0x30, 41])
        }
        tag.present()
        let undone = try await Type2Tag(transport: tag, password: Self.password, expectedAcknowledge: Self.pack)
            .unprotect()
        #expect(!undone.after.isProtected)
        #expect(!undone.after.protectsReads)
    }
}
