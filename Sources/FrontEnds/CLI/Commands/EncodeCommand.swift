import CommandLineKit
import NDEF
import TapCardSupport

/// `tapcard encode`: build an NDEF message of one or more records and print it.
struct EncodeCommand: Command {
    static let name = "encode"
    static let summary = "Build an NDEF message (URI, text, MIME, Wi-Fi, tel, sms, mailto, geo, Bluetooth…)."
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
          tel NUMBER                       tel: URI (RFC 3966): +15551234567, +1-555-123-4567,
                                           a local 5550100, *31#, optional ;ext=42
          sms NUMBER [--body TEXT]         sms: URI (RFC 5724), the body percent-encoded
          mailto ADDRESS [--subject S] [--body B]
                                           mailto: URI (RFC 6068), subject and body
                                           percent-encoded, line breaks as %0D%0A
          geo LAT LON                      geo: URI (RFC 5870), decimal degrees, LAT -90..90,
                                           LON -180..180 (e.g. geo -33.8568 151.2153)
          bluetooth ADDRESS [--name NAME] [--class HEX6]
                                           Bluetooth pairing record (application/
                                           vnd.bluetooth.ep.oob, Secure Simple Pairing OOB):
                                           ADDRESS as 00:1A:7D:DA:71:13, class of device as
                                           6 hex digits (e.g. 240404, a headset)
          empty                            Empty record (TNF 0)

        Every record also takes --id ID (the record's ID field, as text).

        Values are checked before anything is built: a URI with a control character, space or
        bidi control, or without a scheme; a media type that is not type/subtype (RFC 2045); an
        SSID over 32 bytes; a Wi-Fi key its authentication cannot take (WPA2-Personal: 8-63
        ASCII characters or 64 hex digits); a phone number with letters; an address without
        exactly one '@'; a coordinate out of range. Such a value exits 65 (malformed input) with
        the rule it breaks; a wrong command line (a missing or extra word, an unknown option)
        exits 64.

        Options:
          --raw          Write the message bytes instead of hex.

        Examples:
          tapcard encode uri https://example.com
          tapcard encode text "Bonjour" --lang fr + uri tel:+15551234567
          tapcard encode smartposter https://example.com --title "Example" --title fr=Exemple --action do
          tapcard encode mime text/vcard --file card.vcf
          tapcard encode tel +15551234567 + sms +15551234567 --body "Table 4"
          tapcard encode geo -33.8568 151.2153
          tapcard encode bluetooth 00:1A:7D:DA:71:13 --name Speaker --class 240404
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
