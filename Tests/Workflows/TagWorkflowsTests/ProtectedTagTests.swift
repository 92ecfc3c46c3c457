import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type2

@testable import TagWorkflows

/// Password-protected NTAG21x / Ultralight EV1 tags through the workflows: preflight refusals
/// leave the tag byte-identical, a password is presented once and never retried, a lock is never
/// left half-done, and a read-protected tag is reported as such.
@Suite struct ProtectedTagTests {
    static let password = Type2Password(bytes: [0x1A, 0x2B, 0x3C, 0x4D])!
    static let pack = PasswordAcknowledge(bytes: [0x5E, 0x6F])!

    /// A tag holding `message`, then given PWD/PACK and AUTH0/ACCESS directly in memory.
    static func tag(
        _ model: TagModel = .ntag213, auth0: Int, access: UInt8 = 0x00, message: NDEFMessage? = nil
    ) async throws -> EmulatedTag {
        let tag = EmulatedTag(model: model, uid: [0x04, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26])
        if let message { _ = try await Type2Tag(transport: tag).write(message) }
        let scheme = try #require(PasswordScheme.of(model))
        tag.memory[scheme.configPage * 4 + 3] = UInt8(auth0)
        tag.memory[scheme.accessPage * 4] = access
        tag.memory.replaceSubrange(scheme.passwordPage * 4..<scheme.passwordPage * 4 + 4, with: password.bytes)
        tag.memory.replaceSubrange(scheme.acknowledgePage * 4..<scheme.acknowledgePage * 4 + 2, with: pack.bytes)
        tag.present()
        tag.clearLog()
        return tag
    }

    static func writesSent(_ tag: EmulatedTag) -> Int { tag.commandLog.filter { $0.command.first == 0xA2 }.count }

    static let short = NDEFMessage(records: [.uri("https://example.com/short")])
    static func long(_ bytes: Int = 120) -> NDEFMessage {
        NDEFMessage(records: [.text(String(repeating: "x", count: bytes), language: "en")])
    }

    // MARK: Preflight

    /// The first report: AUTH0 10h, a long message. The old message must survive.
    @Test func aLongWriteOverAUTH0IsRefusedBeforeAnyWrite() async throws {
        let tag = try await Self.tag(auth0: 0x10, message: Self.short)
        let before = tag.memory
        await #expect(
            throws: WritePreflightError.passwordRequired(
                pages: Array(16...37), firstProtectedPage: 16, exact: true, protectsReads: false)
        ) {
            _ = try await Type2Tag(transport: tag).write(Self.long())
        }
        #expect(tag.memory == before)
        #expect(Self.writesSent(tag) == 0)
        let report = try await Type2Tag(transport: tag, password: Self.password).write(Self.long())
        #expect(report.verified)
        #expect(try await Type2Tag(transport: tag).read().content.message == Self.long())
    }

    /// A write that stays below AUTH0 needs no password.
    @Test func aWriteBelowAUTH0NeedsNoPassword() async throws {
        let tag = try await Self.tag(auth0: 0x10, message: Self.short)
        let report = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://a.example")]))
        #expect(report.verified)
    }

    /// Whatever AUTH0 is, a write without the password either completes (verified) or is refused
    /// with the tag byte-identical: never half-written.
    @Test func writeWithoutPasswordCompletesOrLeavesTheTagIdentical() async throws {
        let reference = try await Self.tag(auth0: 0xFF, message: Self.short)
        let lastPage = try #require(try await Type2Tag(transport: reference).write(Self.long(100)).pagesWritten.last)
        #expect(lastPage == 32)
        var refused = 0
        for auth0 in 3...45 {
            let tag = try await Self.tag(auth0: auth0, message: Self.short)
            let before = tag.memory
            do {
                let report = try await Type2Tag(transport: tag).write(Self.long(100))
                #expect(report.verified)
            } catch let error as WritePreflightError {
                guard case .passwordRequired = error else { throw error }
                refused += 1
                #expect(tag.memory == before, "AUTH0 \(auth0)")
                #expect(Self.writesSent(tag) == 0)
            }
        }
        #expect(refused == lastPage - 3 + 1)  // AUTH0 3…32: the message reaches page 32
    }

    @Test func eraseAndFormatAreCheckedToo() async throws {
        let tag = try await Self.tag(auth0: 0x04, message: Self.short)
        let before = tag.memory
        await #expect(throws: WritePreflightError.self) { _ = try await Type2Tag(transport: tag).erase() }
        #expect(tag.memory == before)
        _ = try await Type2Tag(transport: tag, password: Self.password).erase()
        #expect(try await Type2Tag(transport: tag).read().content == .empty)

        // A blank Ultralight EV1 (it ships without a CC) whose pages from 4 on need the password.
        let blank = EmulatedTag(
            model: .ultralightEV1_48, uid: [0x04, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36], formatted: false)
        blank.memory[16 * 4 + 3] = 0x03
        blank.memory.replaceSubrange(18 * 4..<19 * 4, with: Self.password.bytes)
        let blankBefore = blank.memory
        await #expect(
            throws: WritePreflightError.passwordRequired(
                pages: [3, 4], firstProtectedPage: 3, exact: true, protectsReads: false)
        ) {
            _ = try await Type2Tag(transport: blank).format()
        }
        #expect(blank.memory == blankBefore)
        let report = try await Type2Tag(transport: blank, password: Self.password).format()
        #expect(report.after.status == .readWrite)
    }

    // MARK: Lock

    /// The second report: a lock on AUTH0 4 set the OTP CC read-only, then NAKed on the
    /// lock page. Now it is refused whole, and with the password it completes.
    @Test func aLockOnAProtectedTagIsRefusedWholeWithoutThePassword() async throws {
        let tag = try await Self.tag(auth0: 0x04, message: Self.short)
        let before = tag.memory
        await #expect(
            throws: WritePreflightError.passwordRequired(
                pages: [40, 42], firstProtectedPage: 4, exact: true, protectsReads: false)
        ) {
            _ = try await Type2Tag(transport: tag).lock(confirmation: .permanent)
        }
        #expect(tag.memory == before)
        #expect(Self.writesSent(tag) == 0)
        let report = try await Type2Tag(transport: tag, password: Self.password).lock(confirmation: .permanent)
        #expect(report.after.status == .readOnly)
        #expect(tag.memory[42 * 4] & 0x40 == 0x40)
    }

    /// For every AUTH0 the lock either completes (CC read-only, every lock bit, CFGLCK) or is
    /// refused with the tag byte-identical.
    @Test func aLockCompletesOrNeverStarts() async throws {
        var completed = 0
        for auth0 in 0...45 {
            let tag = try await Self.tag(auth0: auth0, message: Self.short)
            let before = tag.memory
            do {
                let report = try await Type2Tag(transport: tag).lock(confirmation: .permanent)
                completed += 1
                #expect(report.after.status == .readOnly)
                #expect(tag.memory[10] == 0xFF && tag.memory[11] == 0xFF && tag.memory[42 * 4] & 0x40 != 0)
            } catch {
                #expect(tag.memory == before, "AUTH0 \(auth0): \(error)")
            }
        }
        // AUTH0 43, 44 (PWD, PACK only) and 45 (off): the lock writes pages 2, 3, 40, 42.
        #expect(completed == 3)
    }

    // MARK: Passwords

    @Test func aWrongPasswordIsNamedWithAUTHLIMAndNeverRetried() async throws {
        let tag = try await Self.tag(auth0: 0x10, access: 0x03, message: Self.short)
        let before = tag.memory
        let wrong = try #require(Type2Password(bytes: [0, 0, 0, 0]))
        await #expect(throws: PasswordError.rejected(password: wrong, authlim: 3, attemptLimit: 3)) {
            _ = try await Type2Tag(transport: tag, password: wrong).write(Self.long())
        }
        #expect(tag.commandLog.filter { $0.command.first == 0x1B }.count == 1)
        #expect(tag.failedAuthentications == 1)
        #expect(tag.memory == before)
        let sentence = PasswordError.rejected(password: wrong, authlim: 3, attemptLimit: 3).sentence
        #expect(sentence.contains("AUTHLIM 3") && sentence.contains("after 3 wrong passwords"))
        #expect(PasswordError.rejected(password: wrong, authlim: 3, attemptLimit: 3).origin == .tag)
    }

    /// After AUTHLIM wrong passwords even the right one is refused for good (NAK 4h).
    @Test func authlimExhaustedIsForGood() async throws {
        let tag = try await Self.tag(auth0: 0x10, access: 0x02, message: Self.short)
        let wrong = try #require(Type2Password(bytes: [0, 0, 0, 1]))
        for _ in 0..<2 {
            await #expect(throws: PasswordError.self) { _ = try await Type2Tag(transport: tag, password: wrong).read() }
        }
        await #expect(throws: PasswordError.attemptsExhausted) {
            _ = try await Type2Tag(transport: tag, password: Self.password).write(Self.long())
        }
    }

    /// A read-protected tag's configuration cannot be read after a wrong password: the sentence
    /// says the limit is not known, instead of inventing one.
    @Test func aWrongPasswordOnAReadProtectedTagDoesNotClaimAUTHLIM() async throws {
        let tag = try await Self.tag(auth0: 0x04, access: 0x85, message: Self.short)
        let wrong = try #require(Type2Password(bytes: [9, 9, 9, 9]))
        await #expect(throws: PasswordError.rejected(password: wrong, authlim: nil, attemptLimit: nil)) {
            _ = try await Type2Tag(transport: tag, password: wrong).read()
        }
    }

    @Test func aPACKMismatchStopsBeforeAnyWrite() async throws {
        let tag = try await Self.tag(auth0: 0x04, message: Self.short)
        let before = tag.memory
        let expected = try #require(PasswordAcknowledge(bytes: [0x12, 0x34]))
        await #expect(throws: PasswordError.acknowledgeMismatch(expected: expected, received: Self.pack)) {
            _ = try await Type2Tag(transport: tag, password: Self.password, expectedAcknowledge: expected).write(
                Self.long())
        }
        #expect(tag.memory == before)
    }

    /// A counterfeit that accepts any password and answers a fixed PACK is caught by --pack.
    @Test func aCounterfeitThatAcceptsAnyPasswordIsCaughtByThePACK() async throws {
        let counterfeit = AcceptsAnyPassword(tag: try await Self.tag(auth0: 0x04, message: Self.short))
        let anyPassword = try #require(Type2Password(bytes: [7, 7, 7, 7]))
        let read = try await Type2Tag(transport: counterfeit, password: anyPassword).read()
        #expect(read.acknowledge == PasswordAcknowledge(bytes: [0x00, 0x00]))
        await #expect(throws: PasswordError.self) {
            _ = try await Type2Tag(transport: counterfeit, password: anyPassword, expectedAcknowledge: Self.pack).read()
        }
    }

    @Test func aPasswordForAChipWithoutOneIsRefused() async throws {
        let tag = EmulatedTag(model: .ntag203)
        await #expect(throws: PasswordError.noPasswordOnChip(model: .ntag203)) {
            _ = try await Type2Tag(transport: tag, declaredModel: .ntag203, password: Self.password).read()
        }
        #expect(!tag.commandLog.contains { $0.command.first == 0x1B })
    }

    // MARK: Read protection

    /// The issue's third report: a read-protected tag read as 48 NULL TLVs and "an interrupted
    /// write". Now: password-protected, with the first page it refused, which is AUTH0 exactly.
    @Test(arguments: [4, 5, 10, 16, 30])
    func aReadProtectedTagIsReportedWithTheFirstRefusedPage(auth0: Int) async throws {
        let message = Self.long(100)
        let tag = try await Self.tag(auth0: auth0, access: 0x80, message: message)
        let inspection = try await Type2Tag(transport: tag).inspect()
        #expect(inspection.snapshot.readRefusedFromPage == auth0)
        #expect(inspection.content == .passwordProtected(fromPage: auth0))
        #expect(inspection.snapshot.memory.count == auth0 * 4)
        #expect(!(inspection.snapshot.walk?.tlvs ?? []).contains { $0.kind == .null })
        #expect(inspection.accessConfiguration == nil)
        let read = try await Type2Tag(transport: tag).read()
        #expect(read.content == .passwordProtected(fromPage: auth0))
        #expect(read.readRefusedFromPage == auth0)
        let withPassword = try await Type2Tag(transport: tag, password: Self.password).inspect()
        #expect(withPassword.content.message == message)
        #expect(withPassword.accessConfiguration?.protectsReads == true)
        #expect(withPassword.acknowledge == Self.pack)
        // A write without the password (in a new RF session: the chip forgets the password when
        // the field goes) is refused before anything is written.
        // A message that ends before AUTH0 needs none of the protected pages: the chip takes it
        // without the password (issue 24: refusals name only pages the write would touch).
        tag.present()
        let before = tag.memory
        do {
            _ = try await Type2Tag(transport: tag).write(Self.short)
            #expect(auth0 >= 16, "AUTH0 \(auth0): the short message reaches the protected pages")
            tag.present()
            #expect(try await Type2Tag(transport: tag, password: Self.password).read().content.message == Self.short)
        } catch let error as WritePreflightError {
            #expect(auth0 <= 10, "AUTH0 \(auth0): \(error.sentence)")
            #expect(tag.memory == before)
        }
    }

    /// A message before AUTH0 stays readable on a read-protected tag.
    @Test func aMessageBeforeAUTH0IsStillRead() async throws {
        let tag = try await Self.tag(auth0: 0x20, access: 0x80, message: Self.short)
        let read = try await Type2Tag(transport: tag).read()
        #expect(read.content.message == Self.short)
    }
}

/// A counterfeit NTAG: answers any PWD_AUTH with PACK 00 00 and unlocks itself.
final class AcceptsAnyPassword: NFCAChannel {
    /// No IDLE state to leave: a fake answers whenever it is asked.
    func reactivate() async throws(ChannelError) {}
    let tag: EmulatedTag
    init(tag: EmulatedTag) { self.tag = tag }

    func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        if command.first == 0x1B {
            tag.memory[41 * 4 + 3] = 0xFF
            return [0x00, 0x00]
        }
        return try await tag.transceive(command)
    }
}
