/// Every `tapcard` command, in the order `tapcard --help` lists them. Adding a command is one
/// file under `Commands/` and one line here.
public enum CommandRegistry {
    public static var all: [any Command.Type] {
        [
            VersionCommand.self,
            DecodeCommand.self,
            EncodeCommand.self,
            ReadersCommand.self,
            WatchCommand.self,
            EmulateCommand.self,
        ]
    }

    public static func command(named name: String) -> (any Command.Type)? {
        all.first { $0.name == name }
    }
}
