import TapCardCLI
import Testing

@Suite("Arguments")
struct ArgumentsTests {
    @Test("Options in either form, repeatable options, flags and positionals in any order")
    func mixedForms() throws {
        var args = Arguments(
            ["--tel", "+1 555", "HEX", "--json", "--tel=work:+2", "--name=Ada Lovelace"], command: "card")
        #expect(try args.options("--tel") == ["+1 555", "work:+2"])
        #expect(try args.option("--name") == "Ada Lovelace")
        let json = args.flag("--json")
        let raw = args.flag("--raw")
        let hex = args.positional()
        #expect(json && !raw)
        #expect(hex == "HEX")
        try args.finish()
    }

    @Test("A lone dash and arguments after -- are positional")
    func dashes() throws {
        var args = Arguments(["-", "--", "--not-an-option"], command: "decode")
        let first = args.positional()
        let second = args.positional()
        #expect(first == "-")
        #expect(second == "--not-an-option")
        try args.finish()
    }

    @Test("Leftovers, missing values and bad numbers are usage errors that name the command")
    func usageErrors() throws {
        let args = Arguments(["--bogus"], command: "decode")
        #expect(throws: UsageError.self) { try args.finish() }
        var missing = Arguments(["--tag"], command: "read")
        do {
            _ = try missing.option("--tag")
            Issue.record("expected a usage error for a missing value")
        } catch {
            #expect(error.sentence.contains("--tag needs a value"))
        }
        var number = Arguments(["--capacity", "lots"], command: "card")
        do {
            _ = try number.integer("--capacity")
            Issue.record("expected a usage error")
        } catch {
            #expect(error.sentence.contains("tapcard card --help"))
        }
    }

    @Test("--help is noticed before -- only")
    func help() {
        #expect(Arguments(["x", "--help"], command: "decode").wantsHelp)
        #expect(!Arguments(["--", "--help"], command: "decode").wantsHelp)
    }
}
