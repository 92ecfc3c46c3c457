import CommandLineKit
import Foundation
import PCSCTransport
import TagCatalog
import TagEmulator
import TapCardSupport

/// `tapcard emulate`: the emulator as a card in a real PC/SC stack. vsmartcard's vpcd driver
/// (loaded by pcscd) listens; this command connects as the card (the ServedCards module's bridge for the file's kind): an NTAG with the
/// PC/SC Part 3 storage-card ATR, answering storage-card APDUs and ACR122U-style pass-through, or
/// a Type 4 tag with an ISO 14443-4 ATR, answering APDUs as the chip does. Any PC/SC application
/// then sees the tag on the "Virtual PCD" reader.
struct EmulateCommand: Command {
    static let name = "emulate"
    static let summary = "Serve a virtual tag to pcscd through vsmartcard's vpcd reader."
    static let options: [OptionSpec] = [
        .value("--tag", "FILE", completion: .file, "The virtual tag to serve (.nfc, or a raw .bin image)."),
        .value("--model", "MODEL", completion: .values(SimModels.names), "The model of a raw .bin image."),
        .value("--vpcd", "HOST:PORT", "The vpcd to connect to (default localhost:35963)."),
        .value("--connect-timeout", "SECONDS", "How long to keep trying to reach vpcd."),
        .value("--remove-after", "N", "Take the card away after N APDUs (a tear)."),
        .flag("--trace", "Log every APDU and its answer on standard error."),
    ]
    static let help = """
        Usage: tapcard emulate --tag FILE [--vpcd HOST:PORT] [--model MODEL] [--remove-after N]

        Connects to the vpcd reader driver of a running pcscd (package vsmartcard-vpcd) as a
        virtual card holding the tag in FILE: a virtual tag file (TapCard's format, Flipper Zero
        .nfc text), or a raw memory image (page 0 first) when the name ends in .bin. PC/SC applications
        see an NTAG/Ultralight with ATR 3B 8F 80 01 80 4F 0C A0 00 00 03 06 03 00 03 00 00 00 00 68
        and can use FF CA (UID), FF B0 (read 4 pages), FF D6 (write a page) and the ACR122U-style
        pass-through FF 00 00 00 Lc D4 42 <command> (GET_VERSION, READ_SIG, FAST_READ, PWD_AUTH…).
        A virtual Type 4 tag file (an NTAG 424 DNA or a generic T4T, from 'tapcard sim new
        ntag424|type4') is served as an ISO 14443-4 card instead: the ATR PC/SC Part 3 gives it
        (3B 8n 80 01, its ATS's historical bytes, TCK: 3B 81 80 01 80 80 for an NTAG 424 DNA), APDUs
        passed to the chip as they are, and FF CA answered with its UID.
        The tag is saved back to FILE when the command ends (Ctrl-C, SIGTERM, the reader going
        away). A FILE that does not exist is created as a factory-fresh tag (--model type4 or
        ntag424-dna for a Type 4 one).

        Options:
          --tag FILE        The memory image to serve (required).
          --vpcd HOST:PORT  Where vpcd listens (default localhost:35963, vpcd's first reader).
          --model MODEL     The chip (ntag213, ntag215, ntag216, ultralight-ev1-48, …). Default:
                            from the image size, else ntag213 for a new file.
          --remove-after N  Answer N APDUs, then remove the card (close the connection) without
                            answering the next one: a tag pulled away mid-operation, for tests.
          --connect-timeout SECONDS  How long to wait for vpcd to accept (default 10).
          --trace           Print every APDU and its response on standard error, numbered from 1.

        Example:
          pcscd -f -c ./reader.conf.d &      # reader.conf.d holds the vpcd reader
          tapcard emulate --tag ~/tag.bin &
          tapcard readers

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        guard let path = try arguments.option("--tag") else {
            throw UsageError("emulate needs --tag FILE.", command: name)
        }
        let address = try arguments.option("--vpcd") ?? "localhost:35963"
        let modelName = try arguments.option("--model")
        let removeAfter = try arguments.integer("--remove-after")
        let connectTimeout = try arguments.integer("--connect-timeout") ?? 10
        let trace = arguments.flag("--trace")
        try arguments.finish()
        let (host, port) = try parse(address: address)
        if let removeAfter, removeAfter < 0 {
            throw UsageError("--remove-after takes a number of APDUs, 0 or more.", command: name)
        }
        var model: TagModel? = nil
        if let modelName {
            guard let named = TagModel(rawValue: modelName) else {
                throw UsageError("Unknown model '\(modelName)'.", command: name)
            }
            if EmulatedType4Tag.supportedModels.contains(named) {
                try EmulatedType4Tag.check(model: named)
            } else {
                try EmulatedTag.check(model: named)
            }
            model = named
        }

        let file = try EmulatedFile.load(path: path, model: model, io: io)
        let card = file.card
        let server = VirtualCardServer(host: host, port: port, atr: card.atr)
        StopSignal.install()
        defer { StopSignal.uninstall() }
        // Nothing was served yet if this fails: the file is left as it was.
        try server.connect(timeoutMilliseconds: connectTimeout * 1000) { StopSignal.requested }
        io.printError("Serving \(card.description) from \(path) to vpcd at \(host):\(port) (Ctrl-C to stop).")
        let end: VirtualCardServer.End
        do {
            var count = 0
            end = try await server.serve(
                apduLimit: removeAfter, shouldStop: { StopSignal.requested }, onReset: card.reset
            ) { apdu in
                let response = await card.respond(apdu)
                count += 1
                if trace {
                    io.printError(
                        "\(count) > \(Hex.encode(apdu, uppercase: true, separator: " "))  < \(Hex.encode(response, uppercase: true, separator: " "))"
                    )
                }
                return response
            }
        } catch {
            server.removeCard()
            try file.save(to: path)
            throw error
        }
        server.removeCard()
        try file.save(to: path)
        let size = card.savedSize
        switch end {
        case .stopped(let apdus):
            io.note("Stopped after \(apdus) APDUs; saved \(size) to \(path).")
        case .readerClosed(let apdus):
            io.note("vpcd closed the connection after \(apdus) APDUs; saved \(size) to \(path).")
        case .apduLimit(let apdus):
            io.printError(
                "Removed the tag after \(apdus) APDUs, as asked (--remove-after); saved \(size) to \(path).")
        }
        return .success
    }

    static func parse(address: String) throws(UsageError) -> (String, Int) {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
            (1...65535).contains(port), colon != address.startIndex
        else {
            throw UsageError("--vpcd takes HOST:PORT, such as localhost:35963, not '\(address)'.", command: name)
        }
        return (String(address[..<colon]), port)
    }

    /// The tag in `path`, or a factory-fresh one when the file does not exist. A `.bin` file is
    /// a raw memory image; anything else is a virtual tag file (Flipper Zero `.nfc` text).
    static func load(path: String, model: TagModel?, io: some CommandIO) throws -> EmulatedTag {
        guard FileManager.default.fileExists(atPath: path) else {
            let fresh = EmulatedTag(model: model ?? .ntag213)
            io.note("\(path) does not exist: serving a factory-fresh \(fresh.model.displayName).")
            return fresh
        }
        guard isRawImage(path) else {
            let tag = try VirtualTagFile.load(path)
            if let model, model != tag.model {
                throw UsageError("\(path) holds \(tag.model.displayName), not \(model.displayName).", command: name)
            }
            return tag
        }
        if let model {
            return EmulatedTag(image: try MemoryImage.load(path, model: model), model: model)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size, let bySize = EmulatedTag.supportedModels.first(where: { $0.type2Layout?.totalBytes == size })
        else {
            throw UsageError(
                "\(path) is \(size.map { "\($0) bytes" } ?? "unreadable"), the size of no tag the emulator models; give --model.",
                command: name)
        }
        io.note("Assuming \(bySize.displayName) from the image size (\(size) bytes); --model chooses another.")
        return EmulatedTag(image: try MemoryImage.load(path, model: bySize), model: bySize)
    }

    /// Saves the tag in the format its file name says (both writes are atomic).
    static func save(_ tag: EmulatedTag, to path: String) throws {
        if isRawImage(path) {
            try MemoryImage.save(tag, to: path)
        } else {
            try VirtualTagFile.save(tag, to: path)
        }
    }

    static func isRawImage(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".bin")
    }
}
