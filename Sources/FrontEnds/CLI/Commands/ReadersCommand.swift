import CommandLineKit
import PCSCTransport
import TapCardSupport

/// `tapcard readers`: the PC/SC readers, and what each holds.
struct ReadersCommand: Command {
    static let name = "readers"
    static let summary = "List the PC/SC readers and the tag on each."
    static let options: [OptionSpec] = [.json]
    static let help = """
        Usage: tapcard readers [--json]

        Lists the connected PC/SC readers with the index that --reader accepts, and for each one
        whether a tag is present, its ATR, what the ATR says it is, and the channels the reader
        carries: ISO-DEP (APDUs to Type 4 tags) and NFC-A (storage-card commands to Type 2 tags;
        raw frames such as GET_VERSION and PWD_AUTH only through a pass-through, which is probed
        when a tag is present). With an ISO 15693 tag present (ATR standard byte 0x0B) the reader
        also carries ISO 15693 READ and WRITE SINGLE BLOCK as storage-card READ/UPDATE BINARY;
        GET SYSTEM INFO, LOCK BLOCK and custom commands cannot cross. A FeliCa tag (standard
        byte 0x11) is recognised, but FeliCa commands cannot cross a PC/SC reader. What cannot
        cross is printed under "cannot cross".

        Options:
          --json    One JSON array of {index, name, tag, atr, kind, channels, raw_nfc_a_frames, firmware,
                    not_carried}.

        Exit status 69 when PC/SC is not available (install pcscd).

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        try arguments.finish()
        let context = try PCSCContext()
        let readers = try context.readers()
        let states = try context.states(of: readers)
        let channels: [ReaderChannels] = states.map { state in
            guard state.hasCard, let card = try? context.connect(reader: state.name) else { return .unprobed }
            defer { card.disconnect() }
            return ReaderChannels.probe(card)
        }
        if json {
            let items: [JSON] = states.enumerated().map { index, state in
                .object([
                    ("index", .int(index)),
                    ("name", .string(state.name)),
                    ("tag", .bool(state.hasCard)),
                    ("atr", state.hasCard ? .string(Hex.encode(state.atr)) : .null),
                    ("kind", state.hasCard ? .string(CardKind(atr: state.atr).summary) : .null),
                    ("channels", .array(channels[index].technologies.map { .string($0.rawValue) })),
                    ("raw_nfc_a_frames", channels[index].rawNFCAFrames.map(JSON.bool) ?? .null),
                    ("firmware", channels[index].firmware.map(JSON.string) ?? .null),
                    ("not_carried", .array(channels[index].notCarried.map(JSON.string))),
                ])
            }
            io.printJSON(JSON.object([("readers", .array(items))]))
            return .success
        }
        if readers.isEmpty {
            io.print("No PC/SC reader is connected.")
            return .success
        }
        for (index, state) in states.enumerated() {
            if state.hasCard {
                io.print(
                    "\(index)  \(state.name)  tag: \(CardKind(atr: state.atr).summary), ATR \(Hex.encode(state.atr, uppercase: true, separator: " "))"
                )
            } else {
                io.print("\(index)  \(state.name)  no tag")
            }
            io.print("   channels: \(channels[index].phrase)")
            for sentence in channels[index].notCarried {
                io.print("   cannot cross: \(sentence)")
            }
        }
        return .success
    }
}
