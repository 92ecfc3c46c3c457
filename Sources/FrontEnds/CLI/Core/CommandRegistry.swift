import CommandLineKit

/// Every `tapcard` command, in the order `tapcard --help` lists them. Adding a command is one
/// file under `Commands/` and one line here, under its area's comment (the blank lines between
/// areas keep parallel additions from touching each other).
public enum CommandRegistry {
    public static var all: [any Command.Type] {
        [
            // Messages and cards: bytes ⇄ records ⇄ contacts.
            DecodeCommand.self,
            EncodeCommand.self,

            VCardCommand.self,
            CardCommand.self,
            PageCommand.self,

            // Tags: the tag engine over a virtual tag or a reader.
            DemoCommand.self,
            ReadCommand.self,
            InfoCommand.self,
            WriteCommand.self,
            CopyCommand.self,
            EraseCommand.self,
            FormatCommand.self,
            LockCommand.self,
            ProtectCommand.self,
            UnprotectCommand.self,

            // Virtual tags (the emulator).
            SimCommand.self,

            // NTAG 424 DNA: Secure Unique NFC messages.
            SUNCommand.self,
            NTAG424ToolCommand.self,

            // Readers (PC/SC).
            ReadersCommand.self,
            WatchCommand.self,
            EmulateCommand.self,
            BatchCommand.self,

            // Focus sessions and the tag inventory.
            FocusCommand.self,
            TagsCommand.self,

            // Measurement.
            BenchCommand.self,

            // General.
            VersionCommand.self,
            CompletionsCommand.self,
            ManpageCommand.self,
        ]
    }

    public static func command(named name: String) -> (any Command.Type)? {
        all.first { $0.name == name }
    }
}

extension CommandTree {
    /// `tapcard`'s commands and global options, as completions and the man page read them.
    static var tapcard: CommandTree {
        CommandTree(program: "tapcard", commands: CommandRegistry.all, globalOptions: GlobalOptions.all)
    }
}
