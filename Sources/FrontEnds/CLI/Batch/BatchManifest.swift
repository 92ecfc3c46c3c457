import Foundation
import TagEmulator

/// The record of a batch run, one CSV line per attempt: `row,uid,bytes,verified,status,detail`.
/// Appended and flushed after every tag, so an interrupted run loses nothing; a new run over the
/// same sheet skips the rows already written and verified.
struct BatchManifest {
    static let header = ["row", "uid", "bytes", "verified", "status", "detail"]

    struct Entry: Equatable {
        var row: Int
        var uid: String
        var bytes: Int?
        var verified: Bool
        /// `written`, `failed` or `skipped`.
        var status: String
        var detail: String

        var fields: [String] {
            [String(row), uid, bytes.map(String.init) ?? "", verified ? "true" : "false", status, detail]
        }
    }

    let path: String

    /// Rows already written and verified according to the manifest at `path` (none if it does not exist).
    func completedRows() throws -> Set<Int> {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data = try InputFile.read(path).get()
        let records = try CSV.parse(String(decoding: data, as: UTF8.self))
        var done: Set<Int> = []
        for fields in records.dropFirst() where fields.count >= 5 {
            if let row = Int(fields[0]), fields[3] == "true", fields[4] == "written" { done.insert(row) }
        }
        return done
    }

    /// Appends `entry`, writing the header first when the file is new. The manifest is rewritten
    /// whole by the one writer of created files (a new copy beside it, flushed, renamed into
    /// place), so a crash leaves it with or without the new line, never half of it; a symbolic
    /// link at its path is refused, not written through.
    func append(_ entry: Entry) throws {
        var bytes: [UInt8]
        switch try FileBytes.creationTarget(path) {
        case .absent: bytes = Array((CSV.line(Self.header) + "\n").utf8)
        case .file: bytes = try InputFile.read(path).get()
        case .symbolicLink: throw OutputFileError.symbolicLink(path: path)
        case .other(let reason): throw BatchError.unwritable(path: path, reason: reason)
        }
        bytes += Array((CSV.line(entry.fields) + "\n").utf8)
        do {
            try FileBytes.create(bytes, at: path, replacing: true)
        } catch .fileUnwritable(_, let reason) {
            throw BatchError.unwritable(path: path, reason: reason)
        }
    }
}
