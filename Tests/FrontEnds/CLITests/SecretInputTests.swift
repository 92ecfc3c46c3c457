import CommandLineKit
import Foundation
import TapCardCLI
import Testing

/// Issue 39, item 2: a key or password need not be typed where `ps`, `/proc/PID/cmdline` and
/// shell history show it. Every key and password option also takes `@FILE`, `--NAME-file FILE`,
/// `-` (one line of standard input) and its environment variable, which its `--help` names; a
/// key file group or others may read is refused (65) naming its mode, a missing one is 66, and
/// the key is never printed. Before, `--key @k.txt` was a key that is not hex, `--key-file` an
/// unknown option, and `TAPCARD_KEY` was ignored.
@Suite struct SecretInputTests {
    static let factory = String(repeating: "00", count: 16)
    /// A wrong key 0 for a factory NTAG 424 DNA, distinctive enough to search the output for.
    static let wrong = "A1B2C3D4E5F60718293A4B5C6D7E8F90"

    /// A home with a factory NTAG 424 DNA, and a writer of key files in it.
    static func home() async throws -> (CLIHome, String) {
        let home = try CLIHome("secrets")
        let tag = try await home.newTag("ntag424", "t.nfc")
        return (home, tag)
    }

    static func keyFile(_ home: CLIHome, _ name: String, _ text: String, mode: Int = 0o600) throws -> String {
        let path = home.path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    static func run(
        _ arguments: [String], home: CLIHome, input: String = "", environment: [String: String] = [:]
    ) async -> (status: Int32, out: String, err: String) {
        let io = CheckedIO(
            input: Array(input.utf8),
            environment: ["TAPCARD_HOME": home.path, "NO_COLOR": "1"].merging(environment) { $1 })
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    @Test func aKeyFromAFileStandardInputOrTheEnvironmentIsTheKeyUsed() async throws {
        let (home, tag) = try await Self.home()
        defer { home.remove() }
        let good = try Self.keyFile(home, "good.key", Self.factory + "\n")
        let bad = try Self.keyFile(home, "bad.key", Self.wrong + "\n")
        let info = ["ntag424", "info", "--tag", tag, "--json"]
        // The right key reads the key versions; the wrong one is refused by the tag (1): so the
        // file's key, not some default, is what was used.
        for form in [["--key", "@" + good], ["--key-file", good], ["--key=@" + good]] {
            let run = await Self.run(info + form, home: home)
            #expect(run.status == 0, "\(form): \(run.err)")
            #expect(run.out.contains("key_versions"), "\(form)")
        }
        for form in [["--key", "@" + bad], ["--key-file", bad]] {
            let run = await Self.run(info + form, home: home)
            #expect(run.status == 1, "\(form): \(run.err)")
            #expect(!run.out.contains(Self.wrong) && !run.err.contains(Self.wrong))
        }
        let piped = await Self.run(info + ["--key", "-"], home: home, input: Self.factory + "\n")
        #expect(piped.status == 0, "\(piped.err)")
        let pipedWrong = await Self.run(info + ["--key", "-"], home: home, input: Self.wrong + "\r\n")
        #expect(pipedWrong.status == 1)
        let environment = await Self.run(info, home: home, environment: ["TAPCARD_KEY": Self.wrong])
        #expect(environment.status == 1, "TAPCARD_KEY was not used: \(environment.err)")
        // An option on the command line, in any form, wins over the environment.
        for form in [["--key", Self.factory], ["--key", "@" + good]] {
            let wins = await Self.run(info + form, home: home, environment: ["TAPCARD_KEY": Self.wrong])
            #expect(wins.status == 0, "\(form): \(wins.err)")
        }
        // The key on the command line still works.
        #expect(await Self.run(info + ["--key", Self.factory], home: home).status == 0)
    }

    @Test func aKeyFileOthersMayReadIsRefusedNamingItsMode() async throws {
        let (home, tag) = try await Self.home()
        defer { home.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: tag))
        for (mode, words) in [
            (0o644, "mode 0644: group and others can read it"), (0o604, "mode 0604: others can read it"),
            (0o640, "mode 0640: its group can read it"),
        ] {
            let file = try Self.keyFile(home, "open-\(mode).key", Self.factory, mode: mode)
            let run = await Self.run(["lock", "--tag", tag, "--key-file", file, "--yes-lock-permanently"], home: home)
            #expect(run.status == 65, "\(run.err)")
            #expect(run.err.contains(words) && run.err.contains("chmod 600 \(file)"), "\(run.err)")
            #expect(!run.err.contains(Self.factory))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: tag)) == before)
        // 0400 is as private as 0600.
        let readOnly = try Self.keyFile(home, "ro.key", Self.factory, mode: 0o400)
        #expect(await Self.run(["ntag424", "info", "--tag", tag, "--key", "@" + readOnly], home: home).status == 0)
    }

    @Test func missingEmptyAndManyLinedKeysAreRefused() async throws {
        let (home, tag) = try await Self.home()
        defer { home.remove() }
        let info = ["ntag424", "info", "--tag", tag]
        let missing = await Self.run(info + ["--key", "@" + home.path + "/none.key"], home: home)
        #expect(missing.status == 66)
        #expect(
            missing.err.contains("--key: cannot read the key file \(home.path)/none.key: no such file"),
            "\(missing.err)")
        let folder = await Self.run(info + ["--key-file", home.path], home: home)
        #expect(folder.status == 66 && folder.err.contains("it is a directory"), "\(folder.err)")
        let empty = try Self.keyFile(home, "empty.key", "\n")
        let emptyRun = await Self.run(info + ["--key", "@" + empty], home: home)
        #expect(emptyRun.status == 65 && emptyRun.err.contains("it is empty"), "\(emptyRun.err)")
        let two = try Self.keyFile(home, "two.key", Self.factory + "\n" + Self.wrong + "\n")
        let twoRun = await Self.run(info + ["--key", "@" + two], home: home)
        #expect(twoRun.status == 65 && twoRun.err.contains("it has 2 lines"), "\(twoRun.err)")
        #expect(!twoRun.err.contains(Self.wrong))
        let short = try Self.keyFile(home, "short.key", "0011")
        let shortRun = await Self.run(info + ["--key", "@" + short], home: home)
        #expect(shortRun.status == 65 && shortRun.err.contains("this one has 2"), "\(shortRun.err)")
        let noLine = await Self.run(info + ["--key", "-"], home: home)
        #expect(noLine.status == 65 && noLine.err.contains("standard input ended"), "\(noLine.err)")
    }

    @Test func standardInputIsReadByOneOptionOnly() async throws {
        let (home, tag) = try await Self.home()
        defer { home.remove() }
        let both = await Self.run(
            [
                "ntag424", "sdm", "setup", "--tag", tag, "--url-template", "https://e.example/?p={picc}&m={mac}",
                "--key", "-",
                "--meta-key", "-",
            ], home: home, input: Self.factory + "\n" + Self.factory + "\n")
        #expect(both.status == 64, "\(both.err)")
        #expect(both.err.contains("--key and --meta-key both ask for it"), "\(both.err)")
        let twice = await Self.run(
            ["ntag424", "info", "--tag", tag, "--key", "-", "--key-file", "-"], home: home, input: Self.factory)
        #expect(twice.status == 64, "\(twice.err)")
    }

    /// Every key and password option of every command takes every form, and its help says so.
    @Test func everySecretOptionTakesEveryFormAndItsHelpNamesThem() async throws {
        let home = try CLIHome("secret-forms")
        defer { home.remove() }
        let missing = home.path + "/missing.key"
        var seen: Set<String> = []
        for command in CommandDeclarationTests.commands {
            let words = CommandDeclarationTests.words(command)
            let help = await Self.run(words + ["--help"], home: home)
            for option in command.options where option.isSecret {
                seen.insert(option.name)
                let variable = try #require(option.secretEnvironment)
                #expect(help.out.contains("$" + variable), "\(command.name) --help does not name $\(variable)")
                #expect(help.out.contains(option.name + "-file FILE"), "\(command.name) --help: \(option.name)-file")
                var forms = [[option.name, "@" + missing], [option.name + "-file", missing]]
                if option.placeholder?.hasPrefix("N=") == true { forms.append([option.name, "1=@" + missing]) }
                for form in forms {
                    let run = await Self.run(words + form, home: home)
                    #expect(run.status == 66, "\(command.name) \(form): \(run.status) \(run.err)")
                    #expect(run.err.contains("\(option.name): cannot read the key file"), "\(command.name) \(form)")
                }
                let environment = await Self.run(words, home: home, environment: [variable: "@" + missing])
                #expect(
                    !environment.err.contains("cannot read the key file"),
                    "\(command.name): $\(variable) is the key itself, not a file name")
            }
        }
        #expect(
            seen.isSuperset(of: [
                "--key", "--meta-key", "--file-key", "--master-key", "--auth-key", "--new-auth-key", "--old-key",
                "--new-key", "--password", "--current-password",
            ]))
    }
}
