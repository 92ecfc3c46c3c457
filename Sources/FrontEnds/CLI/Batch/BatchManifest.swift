import Foundation

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

    /// Appends `entry`, writing the header first when the file is new.
    func append(_ entry: Entry) throws {
        var text = ""
        if !FileManager.default.fileExists(atPath: path) { text += CSV.line(Self.header) + "\n" }
        text += CSV.line(entry.fields) + "\n"
        guard let handle = FileHandle(forWritingAtPath: path) ?? create() else {
            throw BatchError.unwritable(path: path, reason: "it cannot be created")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
        } catch {
            throw BatchError.unwritable(path: path, reason: FileFailureReason.of(error))
        }
    }

    private func create() -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }
}
