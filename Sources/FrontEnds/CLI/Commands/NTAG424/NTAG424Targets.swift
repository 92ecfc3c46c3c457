import CommandLineKit
import TagWorkflows

/// Opening the Type 4 tag an `ntag424` command works on.
enum NTAG424Targets {
    /// Another tag type is refused as every verb refuses a tag it does not apply to
    /// (``VerbRefusal``, exit 1), after identifying it so the refusal can name it.
    static func open(_ arguments: inout Arguments, io: some CommandIO, command: String) async throws -> Type4Target {
        let opened = try await OpenedTag.open(&arguments, io: io)
        guard let target = Type4Target(opened) else {
            defer { opened.close() }
            let facts = try await opened.driver(command: command).identifyTag()
            throw VerbRefusal(verb: command, facts: facts, reason: "is not an NTAG 424 DNA")
        }
        return target
    }

    /// `--OPTION N=HEX32`, repeatable: key numbers to keys, parsed by the one key parser.
    static func numberedKeys(_ arguments: inout Arguments, _ option: String) throws -> [Int: [UInt8]] {
        try numberedKeys(try arguments.options(option), option, command: arguments.command)
    }

    /// `N=HEX32` texts already taken from the arguments (``numberedKeys(_:_:)``'s parsing).
    static func numberedKeys(_ texts: [String], _ option: String, command: String) throws -> [Int: [UInt8]] {
        var keys: [Int: [UInt8]] = [:]
        for text in texts {
            let parts = text.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[0]), (0...4).contains(number) else {
                throw UsageError("\(option) takes N=HEX32 with N a key number 0 to 4.", command: command)
            }
            keys[number] = try KeyInputError.key(String(parts[1]), option: option)
        }
        return keys
    }
}
