import Cards
import CommandLineKit
import Contacts

/// `tapcard vcard`: the vCard 3.0 bytes a profile becomes, exactly, and nothing else.
struct VCardCommand: Command {
    static let name = "vcard"
    static let summary = "Print the vCard 3.0 that would go onto a tag."
    static let options: [OptionSpec] = ProfileOptions.options
    static let help = """
        Usage: tapcard vcard [profile options]

        Prints exactly the vCard 3.0 bytes (RFC 2426: CRLF line ends, lines folded at 75 octets)
        that 'tapcard card --as vcard' and 'tapcard write card' put in the tag's text/vcard record,
        so it can be piped into any vCard reader. Notes go to standard error.

        """ + ProfileOptions.help + """

            Example:
              tapcard vcard --name "Jane Doe" --org "Acme" --tel cell:+15551234567 --email jane@acme.example

            """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let profile = try ProfileOptions.parse(&arguments, io: io)
        try arguments.finish()
        try CardEncoding.check(profile)
        // The vCard as bytes into a pipe or file; on a terminal its lines through the escaping
        // printer (an imported name may hold control or bidi characters).
        let vcard = VCardEncoder.encode(profile)
        if io.standardOutputIsTerminal {
            io.printLines(String(decoding: vcard, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
        } else {
            io.write(vcard)
        }
        return .success
    }
}
