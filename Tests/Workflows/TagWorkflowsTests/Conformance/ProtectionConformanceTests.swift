import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TapCardSupport
import Testing
import Type2
import Type4

@testable import TagWorkflows

/// The other operations that change who may write a tag, held to the write's proof on every
/// model that has them: protect and unprotect (the NTAG21x / Ultralight EV1 password; the
/// Ultralight C / AES key guard), the Ultralight C / AES key change, the NTAG 424 DNA key change
/// and SDM set-up. Each runs untorn, then again on its own finished state (nothing written,
/// success), then torn at every command index in every tear mode; after each tear the tag still
/// reads its message with the credentials the run was given or the ones it set, and the same
/// operation run again finishes it.
@Suite struct ProtectionConformanceTests {
    static let message = NDEFMessage(records: [.uri("https://example.com/guarded")])
    static let oldPassword = Type2Password(bytes: [0x99, 0x88, 0x77, 0x66])!
    static let newPassword = Type2Password(bytes: [0x1A, 0x2B, 0x3C, 0x4D])!
    static let pack = PasswordAcknowledge(bytes: [0x5E, 0x6F])!
    static let newKey = Type2AuthenticationKey(bytes: Array(0x40..<0x50))!
    static let ntag424Keys: [Int: [UInt8]] = Dictionary(
        uniqueKeysWithValues: (0...4).map { ($0, [UInt8](repeating: UInt8(0x11 * ($0 + 1)), count: 16)) })
    static let sunTemplate = try! SUNTemplate("https://example.com/?p={picc}&m={mac}")

    /// One operation on one model: how to make its starting tag and run it.
    struct Case: Sendable, CustomStringConvertible {
        var model: TagModel
        var name: String
        var description: String { "\(model) \(name)" }
    }

    static func factoryKey(_ model: TagModel) -> Type2AuthenticationKey? {
        switch model {
        case .ultralightC: .ultralightCFactory
        case .ultralightAES: Type2AuthenticationKey(bytes: [UInt8](repeating: 0, count: 16))
        default: nil
        }
    }

    static let cases: [Case] = ConformanceSuiteTests.models.flatMap { model -> [Case] in
        if let scheme = model.type2Layout.flatMap({ _ in PasswordScheme.of(model) }), scheme.configPage > 0 {
            return [Case(model: model, name: "protect"), Case(model: model, name: "unprotect")]
        }
        if factoryKey(model) != nil {
            return [
                Case(model: model, name: "key-protect"), Case(model: model, name: "key-unprotect"),
                Case(model: model, name: "key-change"),
            ]
        }
        if model == .ntag424DNA { return [Case(model: model, name: "keys"), Case(model: model, name: "sdm-setup")] }
        return []
    }

    /// The starting tag: fresh, holding `message`, and protected where the operation removes it.
    static func start(_ item: Case) async throws -> ConformanceTag {
        let tag = try ConformanceTag.make(item.model)
        _ = try await tag.driver().writeMessage(Self.message, verify: true)
        guard case .type2(let emulated) = tag.emulated else { return tag }
        switch item.name {
        case "unprotect":
            _ = try await Type2Tag(transport: emulated, password: nil).protect(
                ProtectionRequest(password: oldPassword, acknowledge: pack))
        case "key-unprotect":
            _ = try await Type2Tag(transport: emulated, key: factoryKey(item.model)).protectWithKey(
                firstPage: 4, protectsReads: false)
        default: break
        }
        emulated.present()
        return tag
    }

    /// Runs the operation once, as the command line's "same command" would: with the credentials
    /// the user gives it.
    static func run(_ item: Case, on tag: ConformanceTag) async throws -> Bool {
        switch tag.emulated {
        case .type2(let emulated):
            switch item.name {
            case "protect":
                // As a user runs it again after a tear: the same command, and, when the tag says it
                // is protected, with the new password as the current one (what the interrupted
                // protect's error tells them; TapCard never guesses a password at a tag).
                let request = ProtectionRequest(password: newPassword, acknowledge: pack)
                do {
                    return try await Type2Tag(transport: emulated).protect(request).passwordVerified
                } catch ProtectionRefusal.currentPasswordRequired {
                    emulated.present()
                    return try await Type2Tag(transport: emulated, password: newPassword).protect(request)
                        .passwordVerified
                }
            case "unprotect":
                let report = try await Type2Tag(transport: emulated, password: oldPassword).unprotect()
                return !report.after.isProtected
            case "key-protect":
                let report = try await Type2Tag(transport: emulated, key: factoryKey(item.model)).protectWithKey(
                    firstPage: 4, protectsReads: false)
                return report.after.isProtected
            case "key-unprotect":
                let report = try await Type2Tag(transport: emulated, key: factoryKey(item.model)).unprotectWithKey()
                return !report.after.isProtected
            case "key-change":
                _ = try await Type2Tag(transport: emulated, key: factoryKey(item.model)).changeKey(to: newKey)
                // The chip takes the new key from its next reset: then only the new key opens it.
                emulated.present()
                let proven = Type2Tag(transport: emulated, key: newKey)
                _ = try await proven.startOperation()
                return proven.isAuthenticated
            default: return false
            }
        case .type4(let emulated):
            let driver = Type4Tag(channel: emulated, uid: emulated.uid)
            switch item.name {
            case "keys":
                let report = try await driver.changeKeys(to: ntag424Keys, confirmation: .changeKeys)
                return Set(report.changed + report.alreadyNew) == Set(0...4)
            case "sdm-setup":
                return try await driver.setUpSDM(sunTemplate).verified
            default: return false
            }
        default: return false
        }
    }

    static func sweep(_ item: Case) async throws -> Int {
        let origin = try await start(item)
        let reference = try origin.copy()
        let before = reference.commands()
        #expect(try await run(item, on: reference), "\(item): the untorn run did not verify")
        let total = reference.commands() - before
        // Run again on its own finished state: success, and the tag as it was.
        let settled = reference.state()
        #expect(try await run(item, on: reference), "\(item): a second run did not verify")
        #expect(reference.state() == settled, "\(item): a second run changed the tag")
        var runs = 0
        for mode in TearMode.allCases {
            for point in 0..<total {
                let tag = try origin.copy()
                tag.tearAfter(point, mode)
                let context = "\(item) \(mode) @\(point)/\(total)"
                do {
                    _ = try await run(item, on: tag)
                    Issue.record("\(context): the torn run did not fail")
                } catch {}
                tag.cancelTear()
                tag.present()
                runs += 1
                do {
                    #expect(try await run(item, on: tag), "\(context): the rerun did not verify")
                } catch {
                    Issue.record(
                        "\(context): the rerun failed: \((error as? any TapCardError)?.sentence ?? "\(error)")")
                }
            }
        }
        return runs
    }

    @Test(arguments: cases) func aTornProtectionOrKeyChangeIsFinishedByRunningItAgain(_ item: Case) async throws {
        let runs = try await Self.sweep(item)
        #expect(runs > 0)
        ConformanceCount.shared.add(protectionCase: item.description, verb: item.name, tearPoints: runs)
    }
}
