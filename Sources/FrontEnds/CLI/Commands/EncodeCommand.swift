import NDEF
import TapCardSupport

/// `tapcard encode`: build an NDEF message of one or more records and print it.
struct EncodeCommand: Command {
    static let name = "encode"
    static let summary = "Build an NDEF message (URI, text, MIME, smart poster, external, AAR…)."
    static let options: [OptionSpec] =
        [.flag("--raw", "Write the message bytes instead of hex.")] + RecordBuilder.options
    static let positionals = [
        PositionalSpec("KIND", completion: .values(RecordBuilder.kinds)),
        PositionalSpec("VALUE", optional: true, repeats: true),
    ]
    static let help = """
        Usage: tapcard encode RECORD [+ RECORD]... [--raw]

        Builds one NDEF message and prints it as lowercase hex (or raw bytes with --raw).
        Records are separated by a lone '+'; each record starts with its kind:

          uri URI                          URI record (the longest matching prefix code is used)
          text TEXT [--lang L] [--utf16]   Text record; language L (default en); UTF-8, or UTF-16
                                           (written FF FE + little-endian, as ndeflib does)
          mime TYPE DATA                   MIME record of TYPE; DATA is one of
                                           --file PATH | --text TEXT | --hex HEX
          smartposter URI [--title [L=]TEXT]... [--lang L] [--action do|save|edit]
                                           Smart poster; each --title may name its language as
                                           L=TEXT (e.g. fr=Bonjour), otherwise --lang (default en)
          external DOMAIN:TYPE [DATA]      NFC Forum external type record
          aar PACKAGE                      Android Application Record (android.com:pkg)
          absolute-uri URI [DATA]          Record whose type is an absolute URI
          wifi SSID [--key KEY] [--auth A] [--encryption E]
                                           Wi-Fi Simple Configuration token (Android joins the
                                           network); A: open, wpa2-personal (default with a
                                           key), wpa-personal, wpa/wpa2-personal, …;
                                           E: none, aes (default with a key), tkip, tkip/aes
          empty                            Empty record (TNF 0)

        Every record also takes --id ID (the record's ID field, as text).

        Options:
          --raw          Write the message bytes instead of hex.

        Examples:
          tapcard encode uri https://example.com
          tapcard encode text "Bonjour" --lang fr + uri tel:+15551234567
          tapcard encode smartposter https://example.com --title "Example" --title fr=Exemple --action do
          tapcard encode mime text/vcard --file card.vcf
          tapcard encode aar com.example.app --raw > tag.bin

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let raw = arguments.flag("--raw")
        let message: NDEFMessage
        do {
            message = try RecordBuilder.message(
                from: arguments.tokens(removing: [options[0]] + GlobalOptions.all), command: name)
        } catch let error as InputFileError {
            io.printError("error: \(error.sentence)")
            return .noInput
        }
        arguments.markTaken(RecordBuilder.options)
        try arguments.finish()
        let bytes = message.encoded()
        if raw {
            io.write(bytes)
        } else {
            io.print(Hex.encode(bytes))
        }
        return .success
    }
}
