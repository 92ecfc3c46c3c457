/// JSON v1, the one contract for scripts (docs/reference/json.md): keys are snake_case, every top-level
/// object carries `schema_version`, hex is lowercase, enum values are kebab-case, decimals are
/// rounded to what was measured.
public enum JSONContract {
    /// The version every top-level object carries as `schema_version`.
    public static let schemaVersion = 1

    /// `checkBytesValid` → `check_bytes_valid`, `NDEFStatus` → `ndef_status`, `WritePreflightError`
    /// → `write_preflight_error`.
    public static func snakeCase(_ name: String) -> String {
        var out = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previousLower = index > 0 && (characters[index - 1].isLowercase || characters[index - 1].isNumber)
                let nextLower = index + 1 < characters.count && characters[index + 1].isLowercase
                let previousUpper = index > 0 && characters[index - 1].isUppercase
                if index > 0 && (previousLower || (previousUpper && nextLower)) { out += "_" }
                out += character.lowercased()
            } else if character == "-" || character == " " {
                out += "_"
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `wellKnown` → `well-known`: how enum values are written.
    public static func kebabCase(_ name: String) -> String {
        String(snakeCase(name).map { $0 == "_" ? "-" : $0 })
    }

    /// True for a key JSON v1 allows: `^[a-z][a-z0-9_]*$`.
    public static func isValidKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, first >= 0x61, first <= 0x7A else { return false }
        return key.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// A measured or modelled decimal, rounded to `places` (0.1 ms for modelled air time), so
    /// `142.17499999999998` prints as `142.2`.
    public static func rounded(_ value: Double, places: Int = 1) -> JSON {
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        return .double((value * scale).rounded() / scale)
    }

    /// `value` as a top-level document (what a front end prints).
    public static func versioned(_ value: JSON) -> JSON {
        switch value {
        case .object(let members):
            if members.contains(where: { $0.0 == "schema_version" }) { return value }
            return document(members)
        default:
            return document([("value", value)])
        }
    }

    /// A top-level object: `schema_version` first, then `members`.
    public static func document(_ members: [(String, JSON)]) -> JSON {
        .object([("schema_version", .int(schemaVersion))] + members)
    }
}
