import Foundation
import TapCardCLI
import Testing

/// A missing confirmation is one refusal everywhere: exit 1, origin `refusal`, the flag named,
/// nothing opened or created (docs/reference/exit-statuses.md). `ntag424 keys` and
/// `protect --new-auth-key` answered 64 while `lock` and `sdm setup --lrp` answered 1. And
/// `format --ndef-size` out of its own range is a wrong command line (64) before the default
/// virtual tag is created (it answered 1, after creating it).
@Suite struct ConfirmationStatusTests {
    func home() throws -> String { try CLIHome("confirm").path }

    func run(_ arguments: [String], home: String) async -> (status: Int32, out: String, err: String) {
        await CLIHome.run(arguments, home: home)
    }

    static let unconfirmed: [(arguments: [String], flag: String)] = [
        (["lock"], "--yes-lock-permanently"),
        (
            ["ntag424", "sdm", "setup", "--url-template", "https://e.com/?p={picc}&m={mac}", "--lrp"],
            "--yes-lrp-permanently"
        ),
        (["ntag424", "keys", "--generate", "--print-new-keys"], "--yes-change-keys"),
        (["protect", "--new-auth-key", "000102030405060708090a0b0c0d0e0f"], "--yes-change-key"),
    ]

    @Test func everyMissingConfirmationIsOneRefusal() async throws {
        for (arguments, flag) in Self.unconfirmed {
            let home = try home()
            let result = await run(arguments + ["--json"], home: home)
            #expect(result.status == 1, "\(arguments): \(result.err)")
            #expect(result.err.contains(flag), "\(arguments): \(result.err)")
            #expect(result.out.contains("\"origin\":\"refusal\""), "\(arguments): \(result.out)")
            // One kind and one figure for every flag (lock said `lock_command_refusal` and
            // `sdm setup --lrp` `ntag424_setup_refusal.lrp_confirmation_required`).
            let error = try #require(try CLIHome.object(result.out)["error"] as? [String: Any])
            #expect(error["kind"] as? String == "confirmation_required", "\(arguments): \(result.out)")
            #expect((error["figures"] as? [String: Any])?["option"] as? String == flag, "\(arguments)")
            let created = try FileManager.default.contentsOfDirectory(atPath: home)
            #expect(created.isEmpty, "\(arguments) created \(created)")
        }
    }

    @Test func anNDEFSizeOutOfItsRangeIsAWrongCommandLineBeforeAnythingIsCreated() async throws {
        for size in ["4", "65535", "0"] {
            let home = try home()
            let result = await run(["format", "--ndef-size", size], home: home)
            #expect(result.status == 64, "\(size): \(result.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
        }
    }
}
