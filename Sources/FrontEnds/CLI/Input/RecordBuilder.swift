import CommandLineKit
import NDEF
import TapCardSupport

/// The records `encode` and `write` build from words: `uri URI`, `text TEXT --lang L`, `mime
/// TYPE --file F`, `tel NUMBER`, … separated by a lone `+`. One grammar and one set of checks for
/// both commands, so what `encode` prints is exactly what `write` writes, and `write` refuses
/// exactly what `encode` refuses, before anything is sent.
///
/// Two kinds of refusal: a command line that is wrong (a missing or extra word, an unknown
/// option, a word outside an option's list such as `--action run`) is a ``UsageError``, exit 64;
/// a value that a record's rule refuses (a URI with a line break, a media type without `/`, a
/// 33-byte SSID, a phone number with letters, a language tag `日本`, hex that is not hex) is
/// malformed input, exit 65 — a ``RecordValueError`` from the codec, whose sentence names the
/// rule and its source, or an ``OptionValueError`` naming the option first.
enum RecordBuilder {
    /// The record kinds, as the first word of a record.
    static let kinds = [
        "uri", "text", "mime", "smartposter", "external", "aar", "absolute-uri", "wifi", "tel", "sms", "mailto", "geo",
        "bluetooth", "empty",
    ]

    /// The options of one record.
    static let groupOptions: [OptionSpec] =
        [
            .value("--id", "ID", "The record's ID field, as text."),
            .flag("--utf16", "Text record: UTF-16 instead of UTF-8."),
            .value("--file", "PATH", completion: .file, "The record's data from a file."),
            .value("--text", "TEXT", "The record's data as UTF-8 text."),
            .value("--hex", "HEX", "The record's data as hex."),
            .value("--title", "[L=]TEXT", repeatable: true, "Smart poster title (repeatable)."),
            .value("--action", "ACTION", completion: .values(["do", "save", "edit"]), "Smart poster action."),
            .value("--key", "KEY", "Wi-Fi network key."),
            .value("--auth", "AUTH", "Wi-Fi authentication."),
            .value("--encryption", "ENC", "Wi-Fi encryption."),
            .value("--body", "TEXT", "sms or mailto: the message body."),
            .value("--subject", "TEXT", "mailto: the subject."),
            .value("--name", "NAME", "bluetooth: the device's name."),
            .value("--class", "HEX6", "bluetooth: the class of device, 6 hex digits."),
        ] + LanguageOption.options

    /// The same options as a whole command line declares them: each may appear once per record,
    /// so more than once in the line.
    static let options: [OptionSpec] = groupOptions.map {
        var spec = $0
        spec.repeatable = true
        return spec
    }

    /// The message the record words in `tokens` describe (records separated by `+`).
    static func message(from tokens: [String], command name: String) throws -> NDEFMessage {
        var groups: [[String]] = [[]]
        for token in tokens {
            if token == "+" {
                groups.append([])
            } else {
                groups[groups.count - 1].append(token)
            }
        }
        guard groups.contains(where: { !$0.isEmpty }) else {
            throw UsageError("Missing a record: give e.g. 'uri https://example.com'.", command: name)
        }
        var records: [NDEFRecord] = []
        for group in groups {
            guard !group.isEmpty else { throw UsageError("Empty record between '+' separators.", command: name) }
            records.append(try record(from: group, command: name))
        }
        let message = NDEFMessage(records: records)
        try message.validateForEncoding()
        return message
    }

    /// One record from its words, e.g. `["text", "Hi", "--lang", "fr"]`. Throws `UsageError` for
    /// the grammar, `RecordValueError` or `OptionValueError` for a value a rule refuses, or
    /// `InputFileError` when a `--file` cannot be read.
    static func record(from group: [String], command name: String) throws -> NDEFRecord {
        var arguments = try Arguments(group, command: name, options: groupOptions)
        let kind = try arguments.requiredPositional("record kind")
        let idText = try arguments.option("--id") ?? ""
        // NDEF 1.0 §3.2.11: the ID is a URI reference (it may be relative, so no scheme is needed).
        try URIRecord.checkCharacters(idText, field: "record ID")
        let id = Array(idText.utf8)
        var record: NDEFRecord
        switch kind {
        case "uri":
            let uri = try arguments.requiredPositional("URI")
            try URIRecord.check(uri)
            record = .uri(uri)
        case "text":
            let text = try arguments.requiredPositional("TEXT")
            let language = try LanguageOption.take(&arguments)
            let encoding: TextEncoding = arguments.flag("--utf16") ? .utf16 : .utf8
            record = .text(text, language: language, encoding: encoding)
        case "mime":
            let type = try arguments.requiredPositional("media TYPE")
            try MIMERecord.checkType(type)
            guard let payload = try data(&arguments, command: name) else {
                throw UsageError("A mime record needs --file PATH, --text TEXT or --hex HEX.", command: name)
            }
            record = .mime(type: type, payload: payload)
        case "smartposter":
            let uri = try arguments.requiredPositional("URI")
            try URIRecord.check(uri, field: "smart poster URI")
            let titles = try arguments.options("--title")
            let language = try LanguageOption.take(&arguments)
            var action: SmartPosterAction? = nil
            if let word = try arguments.option("--action") {
                switch word {
                case "do": action = .do
                case "save": action = .save
                case "edit": action = .edit
                default: throw UsageError("--action takes do, save or edit, not '\(word)'.", command: name)
                }
            }
            var titleRecords: [TextRecord] = []
            var languages: Set<String> = []
            for title in titles {
                let (titleLanguage, text) = splitTitle(title, defaultLanguage: language)
                // RTD-SP 1.0: no two titles may share a language (tags compare case-insensitively,
                // RFC 5646 §2.1.1); a reader keeps one of them and the other is lost.
                guard languages.insert(titleLanguage.lowercased()).inserted else {
                    throw RecordValueError.duplicateTitleLanguage(language: titleLanguage)
                }
                titleRecords.append(TextRecord(text, language: titleLanguage))
            }
            record = .smartPoster(SmartPoster(uri: URIRecord(uri: uri), titles: titleRecords, action: action))
        case "external":
            let type = try arguments.requiredPositional("DOMAIN:TYPE")
            guard type.contains(":") else { throw RecordValueError.externalTypeWithoutColon(type: type) }
            record = .external(type: type, payload: try data(&arguments, command: name) ?? [])
        case "aar":
            record = .androidApplication(package: try arguments.requiredPositional("PACKAGE"))
        case "absolute-uri":
            let uri = try arguments.requiredPositional("URI")
            try URIRecord.check(uri, field: "absolute-URI type")
            record = .absoluteURI(uri, payload: try data(&arguments, command: name) ?? [])
        case "wifi":
            let ssid = try arguments.requiredPositional("SSID")
            let key = try arguments.option("--key") ?? ""
            let (authentication, encryption) = try wifiSecurity(&arguments, hasKey: !key.isEmpty, command: name)
            let credential = WiFiCredential(
                ssid: Array(ssid.utf8), networkKey: Array(key.utf8), authentication: authentication,
                encryption: encryption)
            try credential.validate()
            record = WiFiRecord(credentials: [credential]).record
        case "tel":
            record = try TelephoneURI(try arguments.requiredPositional("NUMBER")).record
        case "sms":
            let number = try arguments.requiredPositional("NUMBER")
            record = try SMSURI(number: number, body: try arguments.option("--body")).record
        case "mailto":
            let address = try arguments.requiredPositional("ADDRESS")
            let subject = try arguments.option("--subject")
            record = try MailtoURI(address: address, subject: subject, body: try arguments.option("--body")).record
        case "geo":
            let latitude = try arguments.requiredPositional("LATITUDE")
            let longitude = try arguments.requiredPositional("LONGITUDE")
            record = try GeoURI(latitude: latitude, longitude: longitude).record
        case "bluetooth":
            let address = try BluetoothAddress(try arguments.requiredPositional("ADDRESS"))
            let deviceName = try arguments.option("--name")
            let deviceClass = try arguments.option("--class").map { text throws(RecordValueError) in
                try BluetoothOOBRecord.deviceClass(text)
            }
            do {
                record = try BluetoothOOBRecord(address: address, name: deviceName, deviceClass: deviceClass).record
            } catch {
                throw OptionValueError(option: "--name", reason: error)
            }
        case "empty":
            record = .empty
        default:
            throw UsageError("Unknown record kind '\(kind)' (\(kinds.joined(separator: ", "))).", command: name)
        }
        try arguments.finish()
        if !id.isEmpty {
            guard record.tnf != .empty else { throw RecordValueError.idOnEmptyRecord }
            record.id = id
        }
        let type = String(decoding: record.type, as: UTF8.self)
        for (index, scalar) in type.unicodeScalars.enumerated() where scalar.value < 0x20 || scalar.value > 0x7E {
            throw RecordValueError.typeCharacter(type: type, scalar: scalar.value, position: index + 1)
        }
        return record
    }

    /// `--auth` and `--encryption` of a `wifi` record: WPA2-Personal + AES with a key, open
    /// without one, unless given.
    private static func wifiSecurity(_ arguments: inout Arguments, hasKey: Bool, command name: String)
        throws(UsageError) -> (
            WiFiAuthentication, WiFiEncryption
        )
    {
        let authentications: [String: WiFiAuthentication] = [
            "open": .open, "wpa-personal": .wpaPersonal, "wpa2-personal": .wpa2Personal,
            "wpa/wpa2-personal": [.wpaPersonal, .wpa2Personal], "shared": .shared, "wpa-enterprise": .wpaEnterprise,
            "wpa2-enterprise": .wpa2Enterprise,
        ]
        let encryptions: [String: WiFiEncryption] = [
            "none": .none, "wep": .wep, "tkip": .tkip, "aes": .aes, "tkip/aes": [.tkip, .aes],
        ]
        var authentication: WiFiAuthentication = hasKey ? .wpa2Personal : .open
        var encryption: WiFiEncryption = hasKey ? .aes : .none
        if let word = try arguments.option("--auth") {
            guard let value = authentications[word.lowercased()] else {
                let names = authentications.keys.sorted().joined(separator: ", ")
                throw UsageError("--auth takes one of \(names), not '\(word)'.", command: name)
            }
            authentication = value
        }
        if let word = try arguments.option("--encryption") {
            guard let value = encryptions[word.lowercased()] else {
                let names = encryptions.keys.sorted().joined(separator: ", ")
                throw UsageError("--encryption takes one of \(names), not '\(word)'.", command: name)
            }
            encryption = value
        }
        return (authentication, encryption)
    }

    /// A title `fr=Bonjour` names its language when the part before `=` looks like a language
    /// tag (letters, digits and '-', starting with a letter, at most 63 characters).
    private static func splitTitle(_ title: String, defaultLanguage: String) -> (String, String) {
        guard let equals = title.firstIndex(of: "=") else { return (defaultLanguage, title) }
        let candidate = title[..<equals]
        // A language tag as phones write them (RFC 5646 shape): a 2- or 3-letter language, then
        // subtags of 1 to 8 letters or digits ("en", "fr-CA", "zh-Hant-TW"). Anything else before
        // an '=' is part of the title ("Sale=50% off", "Tickets=free").
        let subtags = candidate.split(separator: "-", omittingEmptySubsequences: false)
        let isTag =
            candidate.utf8.count <= 63 && (2...3).contains(subtags[0].count)
            && subtags[0].allSatisfy { $0.isASCII && $0.isLetter }
            && subtags.dropFirst().allSatisfy {
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        return isTag ? (String(candidate), String(title[title.index(after: equals)...])) : (defaultLanguage, title)
    }

    /// A record's data from `--file PATH`, `--text TEXT` or `--hex HEX` (at most one), or `nil`.
    private static func data(_ arguments: inout Arguments, command name: String) throws -> [UInt8]? {
        let file = try arguments.option("--file")
        let text = try arguments.option("--text")
        let hex = try arguments.option("--hex")
        guard [file, text, hex].compactMap({ $0 }).count <= 1 else {
            throw UsageError("Give the data once: --file, --text or --hex.", command: name)
        }
        if let file {
            switch InputFile.read(file) {
            case .success(let bytes): return bytes
            case .failure(let error): throw error
            }
        }
        if let text { return Array(text.utf8) }
        if let hex {
            do {
                return try Hex.decode(hex)
            } catch {
                throw OptionValueError(option: "--hex", reason: HexInputError(error))
            }
        }
        return nil
    }
}
