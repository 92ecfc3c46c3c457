import TagEmulator
import TapCardSupport

/// What `sim export --proxmark3` of a MIFARE Classic card wrote as `00` because nobody knows it
/// (``/TagEmulator/ProxmarkClassicJSON/zeroFilled(_:)``), in words and in JSON: a trailer's
/// bytes by what they are (key A, the access bytes, key B) and the sectors concerned, a data
/// block's by block.
struct ClassicZeroFill {
    let tag: EmulatedClassicTag
    let runs: [(block: Int, runs: [Range<Int>])]

    init(_ tag: EmulatedClassicTag) {
        self.tag = tag
        runs = ProxmarkClassicJSON.zeroFilled(tag)
    }

    var isEmpty: Bool { runs.isEmpty }
    var byteCount: Int { runs.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.count } } }

    /// The parts of a trailer block, by their bytes.
    private static let trailerParts: [(String, Range<Int>)] = [
        ("key A", 0..<6), ("the access bytes", 6..<10), ("key B", 10..<16),
    ]

    private struct Group {
        var part: String?
        var bytes: Range<Int>
        var sectors: [Int] = []
        var blocks: [Int] = []
    }

    /// Unknown bytes grouped by what they are and where in their block, in the card's order.
    private var groups: [Group] {
        var groups: [Group] = []
        func add(_ part: String?, _ bytes: Range<Int>, sector: Int, block: Int) {
            if let index = groups.firstIndex(where: { $0.part == part && $0.bytes == bytes }) {
                if groups[index].sectors.last != sector { groups[index].sectors.append(sector) }
                groups[index].blocks.append(block)
            } else {
                groups.append(Group(part: part, bytes: bytes, sectors: [sector], blocks: [block]))
            }
        }
        for (block, blockRuns) in runs {
            let sector = tag.sector(ofBlock: block)
            let isTrailer = tag.trailerBlock(ofSector: sector) == block
            for run in blockRuns {
                guard isTrailer else {
                    add(nil, run, sector: sector, block: block)
                    continue
                }
                for (name, range) in Self.trailerParts where run.overlaps(range) {
                    add(name, run.clamped(to: range), sector: sector, block: block)
                }
            }
        }
        return groups
    }

    private static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ", ") }
    private static func span(_ bytes: Range<Int>) -> String {
        bytes.count == 1 ? "byte \(bytes.lowerBound)" : "bytes \(bytes.lowerBound)–\(bytes.upperBound - 1)"
    }

    /// One sentence: how many bytes, why 00, and which.
    func sentence(file: String) -> String {
        let phrases = groups.map { group -> String in
            let blocks = "\(group.blocks.count == 1 ? "block" : "blocks") \(Self.list(group.blocks))"
            if let part = group.part {
                let sectors = "\(group.sectors.count == 1 ? "sector" : "sectors") \(Self.list(group.sectors))"
                let whole = Self.trailerParts.first { $0.0 == part }?.1 == group.bytes
                return "\(whole ? "" : "part of ")\(part) of \(sectors) (\(blocks), \(Self.span(group.bytes)))"
            }
            return group.bytes == 0..<16 ? "\(blocks) whole" : "\(Self.span(group.bytes)) of \(blocks)"
        }
        let count = byteCount
        return
            "\(file): \(count) \(count == 1 ? "byte" : "bytes") nobody knows written as 00, as 'hf mf dump' writes what it could not read (the format has no mark for them, and a Proxmark3 loading the file takes them as read): \(phrases.joined(separator: "; "))."
    }

    /// `[{"block": 3, "first_byte": 10, "last_byte": 15}, …]`.
    var json: JSON {
        .array(
            runs.flatMap { block, blockRuns in
                blockRuns.map { run in
                    JSON.object([
                        ("block", .int(block)), ("first_byte", .int(run.lowerBound)),
                        ("last_byte", .int(run.upperBound - 1)),
                    ])
                }
            })
    }
}
