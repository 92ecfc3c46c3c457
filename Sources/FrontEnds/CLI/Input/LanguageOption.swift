import CommandLineKit
import NDEF

/// `--lang L` wherever a command builds a Text record from it (`encode text`, `encode
/// smartposter`, `write text`): one check for all of them, the NDEF codec's
/// ``TextRecord/checkLanguage(_:)``, so nothing that `read` would call malformed is ever encoded or
/// written.
enum LanguageOption {
    static let defaultLanguage = "en"

    static let options: [OptionSpec] = [.value("--lang", "L", "The text's language (RFC 5646, default en).")]

    /// Takes `--lang` (default `en`) and checks it: a language the rule refuses is malformed input
    /// (``OptionValueError``, exit 65), refused before anything is encoded or sent.
    static func take(_ arguments: inout Arguments) throws -> String {
        let language = try arguments.option("--lang") ?? defaultLanguage
        do {
            try TextRecord.checkLanguage(language)
        } catch {
            throw OptionValueError(option: "--lang", reason: error)
        }
        return language
    }
}
