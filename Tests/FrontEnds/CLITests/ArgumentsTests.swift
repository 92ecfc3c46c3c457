import CommandLineKit
import TapCardCLI
import Testing

/// The one argument grammar: options declared once, read the same in every order and form.
@Suite("Arguments")
struct ArgumentsTests {
    static let spec: [OptionSpec] = [
        .value("--tel", "NUMBER", repeatable: true, "A phone."),
        .value("--name", "NAME", "A name."),
        .value("--lang", "L", "A language."),
        .value("--capacity", "BYTES", "Bytes."),
        .json,
        .flag("--raw", "Raw."),
    ]

    func parse(_ tokens: [String], command: String = "card") throws(UsageError) -> Arguments {
        try Arguments(tokens, command: command, options: Self.spec)
    }

    @Test("Options in either form, repeatable options, flags and positionals in any order")
    func mixedForms() throws {
        var args = try parse(["--tel", "+1 555", "HEX", "--json", "--tel=work:+2", "--name=Ada Lovelace"])
        #expect(try args.options("--tel") == ["+1 555", "work:+2"])
        #expect(try args.option("--name") == "Ada Lovelace")
        let json = args.flag("--json")
        let raw = args.flag("--raw")
        #expect(json && !raw)
        #expect(args.positional() == "HEX")
        try args.finish()
    }

    /// The bug the grammar fixes: `encode text --lang fr Bonjour` took "fr" as the text. An
    /// option's value is never a positional, wherever the option stands.
    @Test("A value is never a positional, in every order")
    func everyOrder() throws {
        let pieces: [[String]] = [["text"], ["Bonjour"], ["--lang", "fr"], ["--json"]]
        var orders = 0
        for permutation in Self.permutations(of: Array(0..<pieces.count)) {
            // The positionals keep their relative order; the options move anywhere.
            let positionalsInOrder = permutation.filter { $0 < 2 }
            guard positionalsInOrder == [0, 1] else { continue }
            for inline in [false, true] {
                var tokens: [String] = []
                for index in permutation {
                    if inline, pieces[index].count == 2 {
                        tokens.append("\(pieces[index][0])=\(pieces[index][1])")
                    } else {
                        tokens += pieces[index]
                    }
                }
                var args = try parse(tokens, command: "encode")
                #expect(try args.option("--lang") == "fr", "\(tokens)")
                let json = args.flag("--json")
                #expect(json)
                #expect(args.remainingPositionals() == ["text", "Bonjour"], "\(tokens)")
                try args.finish()
                orders += 1
            }
        }
        #expect(orders == 24)
    }

    @Test("A lone dash, a negative number and everything after -- are positional")
    func dashes() throws {
        var args = try parse(["-", "-33.86", "--", "--not-an-option", "--json"])
        #expect(args.remainingPositionals() == ["-", "-33.86", "--not-an-option", "--json"])
        #expect(!args.has("--json"))
        try args.finish()
    }

    @Test("A value may itself start with a dash")
    func dashedValues() throws {
        var args = try parse(["--name", "--json", "--lang=-x"])
        #expect(try args.option("--name") == "--json")
        #expect(try args.option("--lang") == "-x")
        let json = args.flag("--json")
        #expect(!json)
        try args.finish()
    }

    @Test("Unknown options, missing values and flags with values are usage errors naming the command")
    func usageErrors() throws {
        #expect(throws: UsageError.self) { _ = try parse(["--bogus"], command: "decode") }
        do throws(UsageError) {
            _ = try parse(["--jsn"])
            Issue.record("an unknown option was accepted")
        } catch {
            #expect(error.sentence.contains("Unknown option '--jsn'; did you mean '--json'?"))
            // The kit leaves the program's name to the program: the CLI prints it with its own.
            #expect(error.sentence.hasSuffix("See 'card --help'."))
            #expect(error.sentence(program: "tapcard").hasSuffix("See 'tapcard card --help'."))
            #expect(CLI.sentence(of: error)?.hasSuffix("See 'tapcard card --help'.") == true)
        }
        do throws(UsageError) {
            _ = try parse(["--name"])
            Issue.record("a missing value was accepted")
        } catch {
            #expect(error.sentence.contains("--name needs a value (NAME)"))
        }
        do throws(UsageError) {
            _ = try parse(["--json=yes"])
            Issue.record("a flag took a value")
        } catch {
            #expect(error.sentence.contains("--json is a flag"))
        }
        do throws(UsageError) {
            _ = try parse(["--name", "A", "--name", "B"])
            Issue.record("two different values of a single option were accepted")
        } catch {
            #expect(error.sentence.contains("--name was given 2 times"))
        }
        var number = try parse(["--capacity", "lots"])
        do {
            _ = try number.integer("--capacity")
            Issue.record("a bad number was accepted")
        } catch {
            #expect(error.sentence.contains("--capacity takes a whole number"))
        }
    }

    @Test("finish() rejects a positional nobody took and an option that does not apply")
    func leftovers() throws {
        var extra = try parse(["HEX", "MORE"])
        _ = extra.positional()
        #expect(throws: UsageError.self) { try extra.finish() }
        var unused = try parse(["--lang", "fr"])
        do throws(UsageError) {
            try unused.finish()
            Issue.record("an unused option was accepted")
        } catch {
            #expect(error.sentence.contains("--lang does not apply here"))
        }
        unused.markTaken([Self.spec[2]])
        try unused.finish()
    }

    @Test("tokens(removing:) leaves the rest of the line, values and all")
    func removing() throws {
        let args = try parse(["text", "Hi", "--json", "--lang", "fr", "+", "--name=X", "uri", "u"])
        #expect(args.tokens(removing: [.json, Self.spec[1]]) == ["text", "Hi", "--lang", "fr", "+", "uri", "u"])
    }

    @Test("--help is noticed before -- only")
    func help() throws {
        #expect(try parse(["x", "--help"], command: "decode").wantsHelp)
        #expect(try parse(["-h"], command: "decode").wantsHelp)
        #expect(!(try parse(["--", "--help"], command: "decode").wantsHelp))
    }

    static func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index -> [[Int]] in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(of: rest).map { [first] + $0 }
        }
    }
}
