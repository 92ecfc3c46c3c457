import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type2

@testable import TagWorkflows

/// protect / unprotect torn at every command index, in each of the emulator's three modes (the
/// command never arrives; it runs but its answer is lost; a page write left half-programmed).
/// Afterwards the tag is unprotected or protected by a password someone knows — never by bytes
/// nobody knows — and when the error is a ``ProtectionInterrupted`` its list of states holds the
/// one the tag is in.
@Suite struct ProtectionTearingTests {
    static let old = Type2Password(bytes: [0x99, 0x88, 0x77, 0x66])!
    static let new = Type2Password(bytes: [0x1A, 0x2B, 0x3C, 0x4D])!
    static let pack = PasswordAcknowledge(bytes: [0x5E, 0x6F])!

    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var model: TagModel
        /// The tag's starting AUTH0 and ACCESS, with PWD `old` when protected.
        var auth0: UInt8
        var access: UInt8
        /// `nil`: unprotect.
        var request: ProtectionRequest?
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "protect a fresh NTAG213", model: .ntag213, auth0: 0xFF, access: 0x00,
            request: ProtectionRequest(password: new, acknowledge: pack)),
        Scenario(
            name: "protect an NTAG215 for reads, AUTHLIM 3", model: .ntag215, auth0: 0xFF, access: 0x00,
            request: ProtectionRequest(
                password: new, acknowledge: pack, firstPage: 16, protectsReads: true, attempts: 3)),
        Scenario(
            name: "change the password of a read-protected NTAG216", model: .ntag216, auth0: 0x04, access: 0x85,
            request: ProtectionRequest(password: new, acknowledge: pack, protectsReads: true)),
        Scenario(
            name: "change an Ultralight EV1's password", model: .ultralightEV1_48, auth0: 0x04, access: 0x00,
            request: ProtectionRequest(password: new, acknowledge: pack, attempts: 8)),
        Scenario(name: "unprotect a read-protected NTAG213", model: .ntag213, auth0: 0x04, access: 0x87, request: nil),
    ]

    static func start(_ scenario: Scenario) throws -> EmulatedTag {
        let tag = EmulatedTag(model: scenario.model, uid: [0x04, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46])
        let scheme = try #require(PasswordScheme.of(scenario.model))
        tag.memory[scheme.configPage * 4 + 3] = scenario.auth0
        tag.memory[scheme.accessPage * 4] = scenario.access
        tag.memory.replaceSubrange(scheme.passwordPage * 4..<scheme.passwordPage * 4 + 4, with: old.bytes)
        return tag
    }

    /// The state the tag's memory is in, read straight from the EEPROM (PWD included).
    static func observed(_ tag: EmulatedTag) throws -> ProtectionState {
        let scheme = try #require(PasswordScheme.of(tag.model))
        let auth0 = Int(tag.memory[scheme.configPage * 4 + 3])
        guard auth0 <= scheme.lastPage else { return .unprotected }
        let pwd = Array(tag.memory[scheme.passwordPage * 4..<scheme.passwordPage * 4 + 4])
        if pwd == new.bytes { return .protectedWithNewPassword }
        if pwd == old.bytes { return .protectedWithCurrentPassword }
        return .protectedWithUnknownPassword
    }

    static func run(_ scenario: Scenario, on tag: EmulatedTag) async throws -> ProtectionReport {
        let session = Type2Tag(transport: tag, password: scenario.auth0 == 0xFF ? nil : old)
        if let request = scenario.request { return try await session.protect(request) }
        return try await session.unprotect()
    }

    @Test func everyTearPointLeavesAKnownPassword() async throws {
        var tears: [TearMode: Int] = [:]
        var statesSeen: Set<ProtectionState> = []
        for scenario in Self.scenarios {
            let reference = try Self.start(scenario)
            let report = try await Self.run(scenario, on: reference)
            let total = reference.commandLog.count
            let final = try Self.observed(reference)
            #expect(final == (scenario.request == nil ? .unprotected : .protectedWithNewPassword), "\(scenario)")
            #expect(report.passwordVerified == (scenario.request != nil))
            let initial = try Self.observed(try Self.start(scenario))
            for index in 0..<total {
                for mode in TearMode.allCases {
                    let tag = try Self.start(scenario)
                    tag.tearAfter(commands: index, mode: mode)
                    var reported: [ProtectionState]?
                    do {
                        _ = try await Self.run(scenario, on: tag)
                        Issue.record("\(scenario): a tear at command \(index) (\(mode)) went unnoticed")
                    } catch let error as ProtectionInterrupted {
                        reported = error.states
                        #expect(error.origin == .transport)
                    } catch {
                        // A tear before the first write or after the last: the tag is as it was, or done.
                    }
                    tag.present()
                    let state = try Self.observed(tag)
                    statesSeen.insert(state)
                    tears[mode, default: 0] += 1
                    #expect(state != .protectedWithUnknownPassword, "\(scenario) torn at \(index) (\(mode))")
                    let allowed: Set<ProtectionState> = [.unprotected, initial, final]
                    #expect(allowed.contains(state), "\(scenario) torn at \(index) (\(mode)): \(state)")
                    if let reported {
                        #expect(reported.contains(state), "\(scenario) at \(index) (\(mode)): \(state) ∉ \(reported)")
                    }
                }
            }
        }
        let count = tears.values.reduce(0, +)
        print(
            "ProtectionTearingTests: \(count) torn protect/unprotect runs over \(Self.scenarios.count) scenarios (\(TearMode.allCases.map { "\($0.rawValue) \(tears[$0] ?? 0)" }.joined(separator: ", "))); states seen: \(statesSeen.sorted().map(\.rawValue).joined(separator: ", "))"
        )
        #expect(count > 100)
        #expect(statesSeen.contains(.unprotected) && statesSeen.contains(.protectedWithNewPassword))
    }

    /// A protected tag's protection is not changed without its current password.
    @Test func changingProtectionNeedsTheCurrentPassword() async throws {
        let tag = try Self.start(Self.scenarios[2])
        let before = tag.memory
        await #expect(throws: ProtectionRefusal.self) {
            _ = try await Type2Tag(transport: tag).protect(ProtectionRequest(password: Self.new))
        }
        await #expect(throws: ProtectionRefusal.self) { _ = try await Type2Tag(transport: tag).unprotect() }
        #expect(tag.memory == before)
        #expect(!tag.commandLog.contains { $0.command.first == 0xA2 })
    }

    /// protect, then the new password is the only way in, then unprotect puts the factory state back.
    @Test func protectWriteUnprotectRoundTrip() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56])
        let report = try await Type2Tag(transport: tag).protect(
            ProtectionRequest(password: Self.new, acknowledge: Self.pack, protectsReads: true, attempts: 5))
        #expect(report.after.protectedPages == 4...44 && report.after.protectsReads && report.after.attemptLimit == 5)
        #expect(report.password == Self.new && report.acknowledge == Self.pack && report.passwordVerified)
        tag.present()
        let message = NDEFMessage(records: [.uri("https://example.com/protected")])
        await #expect(throws: WritePreflightError.self) { _ = try await Type2Tag(transport: tag).write(message) }
        _ = try await Type2Tag(transport: tag, password: Self.new, expectedAcknowledge: Self.pack).write(message)
        tag.present()
        #expect(try await Type2Tag(transport: tag).read().content == .passwordProtected(fromPage: 4))
        let removed = try await Type2Tag(transport: tag, password: Self.new).unprotect()
        #expect(!removed.after.isProtected && !removed.after.protectsReads && removed.after.authlim == 0)
        #expect(Array(tag.memory[43 * 4..<45 * 4]) == [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00])
        tag.present()
        #expect(try await Type2Tag(transport: tag).read().content.message == message)
    }
}
