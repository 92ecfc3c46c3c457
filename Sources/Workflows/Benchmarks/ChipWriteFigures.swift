import NDEF
import TagCatalog
import TapCardSupport

/// One write and verify on an emulated chip of Type 3, 4 or 5, in figures read off the emulator's
/// command log, against the least the same write needs on that type. The type's bench says what
/// it counts (``counts``) and how it reckons the least (``minimum``); the shape is shared, so a
/// new type's bench is its rule for the minimum and nothing else.
struct ChipWriteFigures {
    /// A count of one kind of command, with its JSON key and its word in the table.
    struct Count {
        var key: String
        var label: String
        var value: Int
    }

    var model: TagModel
    var messageBytes: Int
    /// Limits that shape the plan, as JSON members after `message_bytes` (Type 4: MLe, MLc).
    var limits: [(String, Int)] = []
    var commands: Int
    /// The commands by kind (Type 4: UPDATE BINARY and READ BINARY).
    var counts: [Count]
    /// The least a tearing-safe write and verify needs, in commands or in one kind of them.
    var minimum: Count
    /// Modeled from the type's timing (datasheet figures), never measured.
    var modeledMicroseconds: Double
    /// The modeled time of the least write; `nil` where the bench counts only commands.
    var minimumMicroseconds: Double? = nil
    var verified: Bool

    var ratio: Double? {
        guard let minimumMicroseconds, minimumMicroseconds > 0 else { return nil }
        return modeledMicroseconds / minimumMicroseconds
    }

    var json: JSON {
        var members: [(String, JSON)] = [("model", .string(model.rawValue)), ("message_bytes", .int(messageBytes))]
        members += limits.map { ($0.0, .int($0.1)) }
        members.append(("commands", .int(commands)))
        members += counts.map { ($0.key, .int($0.value)) }
        members.append((minimum.key, .int(minimum.value)))
        members.append(("modeled_air_time_ms", JSONContract.rounded(modeledMicroseconds / 1000, places: 2)))
        if let minimumMicroseconds, let ratio {
            members.append(("minimum_ms", JSONContract.rounded(minimumMicroseconds / 1000, places: 2)))
            members.append(("ratio", JSONContract.rounded(ratio, places: 3)))
        }
        members.append(("verified", .bool(verified)))
        return .object(members)
    }

    /// The table's row: what was written, the commands, the time against the least.
    var row: (String, String, String) {
        let name = model == .genericType4 ? "generic T4T" : model.displayName
        let kinds = counts.map { "\($0.value) \($0.label)" }.joined(separator: ", ")
        var time = "\(String(format2: modeledMicroseconds / 1000)) ms modeled"
        if let minimumMicroseconds, let ratio {
            time += " vs \(String(format2: minimumMicroseconds / 1000)) ms minimum = \(String(format3: ratio))x"
        }
        return (
            "\(name) write+verify \(messageBytes) B",
            "\(commands) cmds, \(kinds) (minimum \(minimum.value) \(minimum.label))", time
        )
    }

    /// One record of TNF 5 whose encoded message is exactly `size` bytes (a 3-byte header with a
    /// 1-byte payload length up to 255, else 6 bytes), its payload a fixed pattern.
    static func message(_ size: Int) -> NDEFMessage {
        let length = size - 3 <= 255 ? size - 3 : size - 6
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        return NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [], payload: payload)])
    }
}
