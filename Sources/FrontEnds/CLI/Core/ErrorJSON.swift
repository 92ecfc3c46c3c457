import CommandLineKit
import FocusSessions
import Foundation
import TapCardSupport
import Type2

/// The JSON v1 object a command prints on standard output when it fails with `--json`:
/// `{"schema_version":1,"error":{"message":…,"origin":…,"exit_status":…,"kind":…,"figures":{…}}}`.
/// `kind` names the error and its case (`write_preflight_error.password_required`); `figures`
/// holds the case's values under snake_case names, read from the error itself (so a new case
/// brings its figures with it).
enum ErrorJSON {
    static func object(_ error: any Error, status: ExitStatus) -> JSON {
        let tapcard = error as? any TapCardError
        var members: [(String, JSON)] = [
            ("message", .string(CLI.sentence(of: error) ?? String(describing: error))),
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
            // A case without values: its name, when reflection gives it (`Module.Type.caseName`).
            // A TapCardError describes itself by its sentence, which is no name: then the type's
            // name alone (never a sentence turned into a `kind`).
            let reflected = String(reflecting: error)
            let name = reflected.split(separator: ".").last.map(String.init) ?? reflected
            let valid = name.allSatisfy { $0.isLetter || $0.isNumber } && !name.isEmpty
            return (valid ? "\(typeName).\(JSONContract.snakeCase(name))" : typeName, .object([]))
        }
        let caseName = "\(typeName).\(JSONContract.snakeCase(label))"
        let payload = Mirror(reflecting: child.value)
        if payload.displayStyle == .tuple {
            return (caseName, figures(payload))
        }
        return (caseName, .object([("value", value(child.value))]))
    }

    /// The children of a case's payload or a struct as members. A child without a label (an
    /// unlabeled associated value) is named by its type (`tag_identity`, `paired_tags`), never by
    /// its position; a name given twice gets `_2`, `_3`.
    private static func figures(_ mirror: Mirror, depth: Int = 0) -> JSON {
        var members: [(String, JSON)] = []
        for child in mirror.children {
            var name =
                child.label.flatMap { $0.hasPrefix(".") ? nil : JSONContract.snakeCase($0) } ?? typeName(child.value)
            if members.contains(where: { $0.0 == name }) {
                var number = 2
                while members.contains(where: { $0.0 == "\(name)_\(number)" }) { number += 1 }
                name = "\(name)_\(number)"
            }
            members.append((name, value(child.value, depth: depth)))
        }
        return .object(members)
    }

    /// `tag_identity` for a TagIdentity, `paired_tags` for [PairedTag], `value` for what has no
    /// name of its own (a number, a string).
    static func typeName(_ value: Any) -> String {
        var name = String(describing: type(of: value))
        var plural = false
        if name.hasPrefix("Optional<") { name = String(name.dropFirst("Optional<".count).dropLast()) }
        if name.hasPrefix("Array<") {
            name = String(name.dropFirst("Array<".count).dropLast())
            plural = true
        }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        if ["Int", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "String", "Bool", "Double"].contains(name) {
            return plural ? "values" : "value"
        }
        return JSONContract.snakeCase(name) + (plural ? "s" : "")
    }

    /// A figure as JSON: numbers, text and truth as themselves, bytes as lowercase hex, nested
    /// errors as their sentence, anything else by its description.
    static func value(_ value: Any, depth: Int = 0) -> JSON {
        switch value {
        // A password is a secret: no error document shows it, whatever error carries it.
        case is Type2Password: return .null
        case let value as Date: return .string(UTCTimestamp.iso8601(value))
        case let value as Double: return value.isFinite ? .double(value) : .null
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
                return .array(mirror.children.map { Self.value($0.value, depth: depth) })
            }
            if mirror.displayStyle == .enum {
                guard let child = mirror.children.first, let label = child.label else {
                    return .string(JSONContract.kebabCase(String(describing: value)))
                }
                // A case with values: its name, then its values.
                let payload = Mirror(reflecting: child.value)
                let members: [(String, JSON)] =
                    payload.displayStyle == .tuple
                    ? (figures(payload, depth: depth + 1).members ?? [])
                    : [(typeName(child.value), Self.value(child.value, depth: depth + 1))]
                return .object([("case", .string(JSONContract.kebabCase(label)))] + members)
            }
            // A struct or class: its stored values, by name (a few levels deep; a figure is
            // not a dump of the program's state).
            if mirror.displayStyle == .struct || mirror.displayStyle == .class, !mirror.children.isEmpty, depth < 4 {
                return figures(mirror, depth: depth + 1)
            }
            return .string(String(describing: value))
        }
    }
}

extension JSON {
    /// An object's members, `nil` for any other value.
    fileprivate var members: [(String, JSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
