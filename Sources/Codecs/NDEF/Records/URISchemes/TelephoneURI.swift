/// A `tel:` URI (RFC 3966): the telephone number a phone offers to call when it reads the tag.
///
/// `telephone-subscriber` (§3) is a global number — `+`, then digits with the visual separators
/// `-` `.` `(` `)` — or a local number of digits, `*` and `#` with the same separators, then any
/// `;name` or `;name=value` parameters (`;ext=42`, `;phone-context=example.com`). TapCard refuses
/// the hex letters RFC 3966 also allows in local numbers: no phone dials them, and they are how a
/// word slips in ("tel:cafe"). A local number without `;phone-context` is taken as phones take
/// it, though §5.1.5 asks for one.
public struct TelephoneURI: Sendable, Hashable {
    /// The number as written, without parameters: `+1-555-0100`, `5550100`, `*31#`.
    public let number: String
    /// The parameters as written, each with its `;` (`";ext=42"`), or "".
    public let parameters: String

    /// A number, optionally followed by parameters (`+1-555-0100;ext=42`); throws the rule it breaks.
    public init(_ subscriber: String) throws(RecordValueError) {
        let (number, parameters) = try Self.split(subscriber)
        self.number = number
        self.parameters = parameters
    }

    /// The URI, `tel:` + number + parameters.
    public var uri: String { "tel:" + number + parameters }

    /// The URI record (identifier code 0x05 stands for `tel:`).
    public var record: NDEFRecord { .uri(uri) }

    /// Reads a `tel:` URI; `nil` for another scheme or a subscriber that breaks RFC 3966.
    public init?(uri: String) {
        guard let rest = PercentEncoding.afterScheme("tel", in: uri), let parts = try? Self.split(String(rest)) else {
            return nil
        }
        number = parts.0
        parameters = parts.1
    }

    /// The number and the parameters of a `telephone-subscriber`, or the rule it breaks.
    static func split(_ subscriber: String) throws(RecordValueError) -> (String, String) {
        guard !subscriber.isEmpty else { throw .emptyTelephoneNumber }
        let number = String(subscriber.prefix { $0 != ";" })
        let parameters = String(subscriber.dropFirst(number.count))
        try checkNumber(number)
        try checkParameters(parameters, of: number)
        return (number, parameters)
    }

    private static func checkNumber(_ number: String) throws(RecordValueError) {
        guard !number.isEmpty else { throw .emptyTelephoneNumber }
        let isGlobal = number.hasPrefix("+")
        var digits = 0
        for (index, scalar) in number.unicodeScalars.enumerated() {
            if index == 0 && isGlobal { continue }
            switch scalar {
            case "0"..."9": digits += 1
            case "*" where !isGlobal, "#" where !isGlobal: digits += 1
            case "-", ".", "(", ")": break
            default: throw .telephoneNumberCharacter(number: number, scalar: scalar.value, position: index + 1)
            }
        }
        guard digits > 0 else { throw .telephoneNumberWithoutDigits(number: number) }
    }

    /// `*( ";" pname [ "=" pvalue ] )`: pname of alphanumerics and `-`; pvalue of RFC 3966
    /// `paramchar`s (unreserved, `[]/:&+$`, percent-encoded bytes).
    private static func checkParameters(_ parameters: String, of number: String) throws(RecordValueError) {
        guard !parameters.isEmpty else { return }
        for parameter in parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false) {
            let name = parameter.prefix { $0 != "=" }
            let value = parameter.dropFirst(name.count).dropFirst()
            let nameOK = !name.isEmpty && name.utf8.allSatisfy { isAlphanumeric($0) || $0 == 0x2D }
            let valueOK =
                parameter.count == name.count
                || (!value.isEmpty && value.utf8.allSatisfy { isParamChar($0) }
                    && PercentEncoding.hasValidEscapes(value.utf8))
            guard nameOK && valueOK else {
                throw .telephoneParameter(number: number, parameter: ";" + String(parameter))
            }
        }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// RFC 3966 `paramchar`: `param-unreserved` (`[ ] / : & + $`), `unreserved` (alphanumerics and
    /// the marks `- _ . ! ~ * ' ( )`), and `%` of a `pct-encoded`.
    private static func isParamChar(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || Array("[]/:&+$-_.!~*'()%".utf8).contains(byte)
    }
}

extension NDEFRecord {
    /// A `tel:` URI record for `number` (RFC 3966), e.g. `try .telephone("+1-555-0100")`.
    public static func telephone(_ number: String) throws(RecordValueError) -> NDEFRecord {
        try TelephoneURI(number).record
    }
}
