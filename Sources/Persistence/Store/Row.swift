import Foundation

/// One result row, read by column index without ever trapping: a missing column reads as NULL.
struct Row {
    let values: [SQLiteValue]

    init(_ values: [SQLiteValue]) { self.values = values }

    subscript(_ index: Int) -> SQLiteValue {
        values.indices.contains(index) ? values[index] : .null
    }

    func int(_ index: Int) -> Int? { self[index].integer.map { Int(truncatingIfNeeded: $0) } }
    func int64(_ index: Int) -> Int64? { self[index].integer }
    func text(_ index: Int) -> String? { self[index].text }
    func blob(_ index: Int) -> [UInt8] { self[index].blob ?? [] }
    func date(_ index: Int) -> Date? { StoreTime.date(self[index]) }
    func duration(_ index: Int) -> TimeInterval? { StoreTime.duration(self[index]) }
}
