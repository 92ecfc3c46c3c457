import FocusSessions
import TapCardSupport

/// The JSON v1 object a command prints on standard output when it fails with `--json`:
/// `{"schema_version":1,"error":{"message":…,"origin":…,"exit_status":…,"kind":…,"figures":{…}}}`.
/// `kind` names the error and its case (`write_preflight_error.password_required`); `figures`
/// holds the case's values under snake_case names, read from the error itself (so a new case
/// brings its figures with it).
enum ErrorJSON {
    static func object(_ error: any Error, status: ExitStatus) -> JSON {
        let tapcard = error as? any TapCardError
        var members: [(String, JSON)] = [
            ("message", .string(tapcard?.sentence ?? String(describing: error))),
            ("origin", tapcard.map { .string($0.origin.rawValue) } ?? .null),
            ("exit_status", .int(Int(status.rawValue))),
        ]
        let (kind, figures) = describe(error)
        members.append(("kind", .string(kind)))
        members.append(("figures", figures))
        return .object([("schema_version", .int(JSONContract.schemaVersion)), ("error", .object(members))])
    }

    /// `type.case` and the case's values.
    static func describe(_ error: any Error) -> (String, JSON) {
        // A focus refusal is what the person needs to act on (`focus_refusal.signature_worse_than_at_pairing`),
        // not the wrapper that also carries store failures.
        if let refusal = (error as? FocusFailure)?.refusal { return describe(refusal) }
        let typeName = JSONContract.snakeCase(String(describing: type(of: error)))
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum else {
            return (typeName, figures(mirror))
        }
        guard let child = mirror.children.first, let label = child.label else {
            return ("\(typeName).\(JSONContract.snakeCase(String(describing: error)))", .object([]))
        }
        let caseName = "\(typeName).\(JSONContract.snakeCase(label))"
        let payload = Mirror(reflecting: child.value)
        if payload.displayStyle == .tuple {
            return (caseName, figures(payload))
        }
        return (caseName, .object([("value", value(child.value))]))
    }

    private static func figures(_ mirror: Mirror) -> JSON {
        var members: [(String, JSON)] = []
        for (index, child) in mirror.children.enumerated() {
            let name = child.label.map { $0.hasPrefix(".") ? "value_\(index)" : JSONContract.snakeCase($0) }
            members.append((name ?? "value_\(index)", value(child.value)))
        }
        return .object(members)
    }

    /// A figure as JSON: numbers, text and truth as themselves, bytes as lowercase hex, nested
    /// errors as their sentence, anything else by its description.
    static func value(_ value: Any) -> JSON {
        switch value {
        case let value as Int: return .int(value)
        case let value as Int32: return .int(Int(value))
        case let value as Int64: return .int(Int(value))
        case let value as UInt8: return .int(Int(value))
        case let value as UInt16: return .int(Int(value))
        case let value as UInt32: return .int(Int(value))
        case let value as Bool: return .bool(value)
        case let value as String: return .string(value)
        case let value as [UInt8]: return .string(Hex.encode(value))
        case let value as [Int]: return .array(value.map(JSON.int))
        case let value as any TapCardError: return .string(value.sentence)
        case let value as any RawRepresentable:
            if let raw = value.rawValue as? String { return .string(raw) }
            if let raw = value.rawValue as? Int { return .int(raw) }
            if let raw = value.rawValue as? UInt8 { return .int(Int(raw)) }
            return .string(JSONContract.kebabCase(String(describing: value)))
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return .null }
                return Self.value(wrapped)
            }
            if mirror.displayStyle == .collection {
                return .array(mirror.children.map { Self.value($0.value) })
            }
            if mirror.displayStyle == .enum, mirror.children.isEmpty {
                return .string(JSONContract.kebabCase(String(describing: value)))
            }
            return .string(String(describing: value))
        }
    }
}
