import Foundation

/// A PostgreSQL connection URI as the user gives it (`postgres://` or `postgresql://`, the form
/// libpq accepts), and the one place that hides its password: every message that names the
/// server shows ``redacted``, and every message libpq wrote is passed through ``scrub(_:)``.
///
/// The password can sit in the user information (`postgresql://user:secret@host/db`) or in a
/// `password=` query parameter. Both are found conservatively: the user information runs to the
/// last `@` before the path, so a password with a raw `@` in it is hidden whole, even though
/// libpq itself would split it at the first one.
public struct PostgresURI: Sendable, Equatable {
    /// The URI exactly as given (with its password): only ever handed to libpq.
    public let text: String

    /// The schemes libpq reads as a URI.
    public static let schemes = ["postgresql://", "postgres://"]

    /// True when `text` starts with one of ``schemes`` (case-sensitive, as libpq reads it).
    public static func isURI(_ text: String) -> Bool {
        schemes.contains { text.hasPrefix($0) }
    }

    public init(_ text: String) {
        self.text = text
    }

    /// The URI with its password (in the user information and in any `password=` parameter)
    /// replaced by `***`: safe to print.
    public var redacted: String {
        guard let scheme = Self.schemes.first(where: { text.hasPrefix($0) }) else {
            return "(a connection string that is not a postgres:// URI)"
        }
        var rest = Substring(text.dropFirst(scheme.count))
        var result = scheme
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            let userinfo = authority[..<at]
            if let colon = userinfo.firstIndex(of: ":") {
                result += userinfo[..<colon] + ":***"
            } else {
                result += userinfo
            }
            result += authority[at...]
        } else {
            result += authority
        }
        rest = rest[authorityEnd...]
        guard let question = rest.firstIndex(of: "?") else { return result + rest }
        result += rest[...question]
        let parameters = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        result += parameters.map { parameter in
            guard let name = Self.passwordParameterName(parameter) else { return String(parameter) }
            return name + "=***"
        }.joined(separator: "&")
        return result
    }

    /// The parameter's name as written when libpq would read it as a password (`password`,
    /// `sslpassword`, however percent-encoded or capitalised), else `nil`.
    static func passwordParameterName(_ parameter: Substring) -> Substring? {
        guard let equals = parameter.firstIndex(of: "=") else { return nil }
        let name = parameter[..<equals]
        let decoded = (String(name).removingPercentEncoding ?? String(name)).lowercased()
        return decoded.contains("password") ? name : nil
    }

    /// Every text that is, or is part of, the password: raw and percent-decoded, whole and split
    /// at `@` and `:` (how libpq might have cut it). Empty when there is no password.
    var secrets: [String] {
        guard let scheme = Self.schemes.first(where: { text.hasPrefix($0) }) else { return [text] }
        let rest = text.dropFirst(scheme.count)
        var raw: [Substring] = []
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            raw.append(authority[authority.index(after: colon)..<at])
        }
        if let question = rest.firstIndex(of: "?") {
            for parameter in rest[rest.index(after: question)...].split(separator: "&") {
                if let name = Self.passwordParameterName(parameter) {
                    raw.append(parameter.dropFirst(name.count + 1))
                }
            }
        }
        var found: Set<String> = []
        for whole in raw {
            for piece in [whole] + whole.split(whereSeparator: { $0 == "@" || $0 == ":" }) where !piece.isEmpty {
                found.insert(String(piece))
                if let decoded = String(piece).removingPercentEncoding, !decoded.isEmpty { found.insert(decoded) }
            }
        }
        // Longest first, so a piece never leaves the rest of a longer secret behind.
        return found.sorted { $0.count > $1.count }
    }

    /// `message` (libpq's, which may quote part of the URI) with every piece of the password
    /// replaced by `***`, its lines joined into one, and without the trailing newline libpq adds.
    public func scrub(_ message: String) -> String {
        var text = message
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: "***") }
        // libpq puts a hint on a line of its own ("…failed: No such file or directory\n\tIs the
        // server running…?"): one sentence per line, so the joined text still reads.
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return lines.enumerated().map { index, line in
            index == lines.count - 1 || line.last.map { ".?!:;,".contains($0) } == true ? line : line + "."
        }.joined(separator: " ")
    }
}
