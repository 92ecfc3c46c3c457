import TagCatalog
import TagFrames

extension CommandStatistics {
    /// The block (Check, Update) or service (Request Service) count that scales a FeliCa card's
    /// answer time, read from the command's parameters the way ``/TagCatalog/Type3Timing`` counts.
    static func feliCaTimingCount(_ command: FeliCaCommand) -> Int {
        let p = command.parameters
        switch command.code {
        case 0x06, 0x08:
            guard let services = p.first, 1 + 2 * Int(services) < p.count else { return 1 }
            return Int(p[1 + 2 * Int(services)])
        case 0x02: return Int(p.first ?? 1)
        default: return 1
        }
    }

    /// One FeliCa exchange at 212 kbit/s (``/TagCatalog/Type3Timing``: the PMm's maximum response
    /// time, an upper bound): the command, and the response packet's size when one came (`nil`:
    /// no answer, the reader waited the answer time).
    mutating func record(felica command: FeliCaCommand, responsePacketBytes: Int?, pmm: [UInt8]) {
        commands += 1
        modeledMicroseconds += Type3Timing.exchangeMicroseconds(
            commandPacketBytes: 1 + command.idm.count + command.parameters.count,
            responsePacketBytes: responsePacketBytes, command: command.code,
            count: Self.feliCaTimingCount(command), pmm: pmm)
    }

    /// Adds another operation's counts (a format's read-back to its writes).
    mutating func add(_ other: CommandStatistics) {
        commands += other.commands
        modeledMicroseconds += other.modeledMicroseconds
        unitsWritten += other.unitsWritten
    }
}
