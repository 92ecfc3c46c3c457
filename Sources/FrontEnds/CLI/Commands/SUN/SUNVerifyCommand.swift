import TapCardSupport
import Type4

/// `tapcard sun verify URL --meta-key HEX32 --file-key HEX32`: a SUN URL checked as a backend
/// does, with its verdict in words and in JSON v1.
struct SUNVerifyCommand: Command {
    static let name = "sun verify"
    static let summary = "Verify an NTAG 424 DNA SUN URL: decrypt PICCData, recompute the MAC, decrypt file data."
    static let options: [OptionSpec] = [
        .json,
        .value("--meta-key", "HEX32", "The SDM meta-read key (decrypts PICCData)."),
        .value("--file-key", "HEX32", "The SDM file-read key (the MAC and encrypted file data)."),
    ]
    static let help = """
        Usage: tapcard sun verify URL --meta-key HEX32 --file-key HEX32 [--json]

        Checks a SUN URL an NTAG 424 DNA produced with Secure Dynamic Messaging (AES mode):
        decrypts PICCData (e= or picc_data=) with the meta key, or reads the plain uid= and ctr=;
        recomputes the MAC (c= or cmac=) with the file key over exactly the mirrored span (from the
        enc= value to the MAC, or nothing when there is no enc=), compares it in constant time;
        and decrypts the enc= file data. URL styles: ?e=…&c=…, ?picc_data=…&enc=…&cmac=…, and
        ?uid=…&ctr=…&cmac=…. A factory tag's keys are all zeros. Keys are never printed.

        Exit status: 0 valid; 1 refused (the MAC does not verify, or the meta key does not decrypt
        the PICCData); 65 a malformed URL or key. Whether the counter increased since the last
        tap is not checked here (it needs the previous one).

        Options:
          --meta-key HEX32  The SDM meta-read key, 16 bytes.
          --file-key HEX32  The SDM file-read key, 16 bytes.
          --json            {valid, uid, counter, file_data, file_text, reason}.

        Example:
          tapcard sun verify 'https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086' \\
            --meta-key 00000000000000000000000000000000 --file-key 00000000000000000000000000000000

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let metaKey = try key(&arguments, "--meta-key")
        let fileKey = try key(&arguments, "--file-key")
        let url = try arguments.requiredPositional("URL (the SUN message)")
        try arguments.finish()
        do {
            let result = try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: fileKey)
            let text = result.fileData.map { String(decoding: $0, as: UTF8.self) }
            if json {
                io.printJSON(
                    JSON.object([
                        ("valid", .bool(true)), ("uid", .string(Hex.encode(result.uid))),
                        ("counter", .int(result.counter)),
                        ("file_data", result.fileData.map { .string(Hex.encode($0)) } ?? .null),
                        ("file_text", text.map(JSON.string) ?? .null), ("reason", .null),
                    ]))
            } else {
                io.print(
                    "Valid: the MAC verifies for UID \(Hex.encode(result.uid, uppercase: true, separator: ":")), read counter \(result.counter)."
                )
                if let text { io.print("File data: \(text)") }
                io.print(
                    "Check that the counter is higher than the last one you accepted for this UID: a replayed URL verifies too."
                )
            }
            return .success
        } catch {
            if json {
                io.printJSON(
                    JSON.object([
                        ("valid", .bool(false)), ("uid", .null), ("counter", .null), ("file_data", .null),
                        ("file_text", .null), ("reason", .string(error.reason)), ("message", .string(error.sentence)),
                    ]))
            }
            io.printError("error: \(error.sentence)")
            return error.origin == .input ? .dataError : .failure
        }
    }

    static func key(_ arguments: inout Arguments, _ option: String) throws -> [UInt8] {
        guard let text = try arguments.option(option) else {
            throw UsageError("sun verify needs \(option) HEX32.", command: name)
        }
        return try KeyInputError.key(text, option: option)
    }
}
