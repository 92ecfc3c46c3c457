import Foundation
import TagEmulator
import Testing

/// Crash-safe saves (``FileBytes``): a temporary copy beside the file, flushed and renamed into
/// place; symbolic links written through; read-only files refused; nothing left behind when a
/// save fails, wherever it fails.
@Suite struct FileBytesTests {
    /// A fresh directory, removed by the caller.
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-save-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func permissions(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aSaveReplacesTheFileAndKeepsItsPermissionBits() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1, 2, 3], to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try FileBytes.write([4, 5], to: path)
        #expect(try Self.bytes(path) == [4, 5])
        #expect(try Self.permissions(path) == 0o640)
        #expect(try Self.listing(directory) == ["tag.nfc"])
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: false)
        let target = directory + "/real/tag.nfc"
        try FileBytes.write([1], to: target)
        // A relative link to a relative link: both hops are followed.
        try FileManager.default.createSymbolicLink(atPath: directory + "/hop.nfc", withDestinationPath: "real/tag.nfc")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.nfc", withDestinationPath: "hop.nfc")

        try FileBytes.write([7, 7, 7], to: directory + "/link.nfc")

        #expect(try Self.bytes(target) == [7, 7, 7])
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.nfc")
        #expect(link == "hop.nfc")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/hop.nfc") == "real/tag.nfc")
        #expect(try Self.listing(directory) == ["hop.nfc", "link.nfc", "real"])
        #expect(try Self.listing(directory + "/real") == ["tag.nfc"])
    }

    @Test func aDanglingLinkCreatesItsTarget() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.nfc", withDestinationPath: "new.nfc")
        try FileBytes.write([9], to: directory + "/link.nfc")
        #expect(try Self.bytes(directory + "/new.nfc") == [9])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.nfc") == "new.nfc")
    }

    @Test func aReadOnlyFileIsRefusedAndLeftByteIdentical() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1, 2, 3], to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        // Even root, whom the system lets write anything, is refused: the file says read-only.
        #expect(throws: EmulatorError.fileReadOnly(path: path)) { try FileBytes.write([9], to: path) }
        #expect(try Self.bytes(path) == [1, 2, 3])
        #expect(try Self.permissions(path) == 0o444)
        #expect(try Self.listing(directory) == ["tag.nfc"])
        #expect(EmulatorError.fileReadOnly(path: path).origin == .refusal)

        // Through a link, the message names both.
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.nfc", withDestinationPath: path)
        #expect(throws: EmulatorError.fileReadOnly(path: "\(directory)/link.nfc (a link to \(path))")) {
            try FileBytes.write([9], to: directory + "/link.nfc")
        }
    }

    @Test func pathsThatAreNotFilesSayWhatTheyAre() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/folder.nfc", withIntermediateDirectories: false)
        #expect(throws: EmulatorError.fileUnwritable(path: directory + "/folder.nfc", reason: "it is a directory")) {
            try FileBytes.write([1], to: directory + "/folder.nfc")
        }
        let device = "it is a character device (like /dev/null), not a file"
        #expect(throws: EmulatorError.fileUnwritable(path: "/dev/null", reason: device)) {
            try FileBytes.write([1], to: "/dev/null")
        }
        #expect(throws: EmulatorError.fileUnreadable(path: "/dev/null", reason: device)) {
            try FileBytes.read("/dev/null")
        }
        let missing = directory + "/no/such/dir/tag.nfc"
        #expect(
            throws: EmulatorError.fileUnwritable(
                path: missing, reason: "its directory \(directory)/no/such/dir does not exist")
        ) {
            try FileBytes.write([1], to: missing)
        }
        #expect(try Self.listing(directory) == ["folder.nfc"])
        #expect(try Self.listing(directory + "/folder.nfc") == [])
    }

    /// A failure injected at every step after the temporary copy exists: the file keeps its old
    /// bytes and its permissions, the error says which step, and no temporary file remains.
    @Test(arguments: FileBytes.Step.allCases.filter { $0 != .lock })
    func aFailureAtAnyStepLeavesTheFileAndNoTemporaryCopy(_ step: FileBytes.Step) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1, 2, 3], to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let error = #expect(throws: EmulatorError.self) {
            try FileBytes.injectedFailure.withValue(step) { try FileBytes.write([4, 5, 6], to: path) }
        }
        guard case .fileUnwritable(let named, let reason)? = error else {
            Issue.record("expected fileUnwritable, got \(String(describing: error))")
            return
        }
        #expect(named == path)
        #expect(reason.hasSuffix("(an input/output error); the file is unchanged"), "\(reason)")
        #expect(try Self.bytes(path) == [1, 2, 3])
        #expect(try Self.permissions(path) == 0o600)
        #expect(try Self.listing(directory) == ["tag.nfc"])
    }

    @Test func aFailedFirstSaveCreatesNothing() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for step in FileBytes.Step.allCases where step != .lock && step != .permissions {
            #expect(throws: EmulatorError.self) {
                try FileBytes.injectedFailure.withValue(step) { try FileBytes.write([1], to: directory + "/new.nfc") }
            }
            #expect(try Self.listing(directory) == [], "after a failure at \(step)")
        }
    }

    /// Without root, the system's own refusal: a directory where no file may be created.
    @Test(.enabled(if: geteuid() != 0, "root may create files in any directory"))
    func anUnwritableDirectoryIsRefusedBeforeAnyCopy() throws {
        let directory = try Self.directory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1], to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        #expect(throws: EmulatorError.self) { try FileBytes.write([2], to: path) }
        #expect(try Self.bytes(path) == [1])
        #expect(try Self.listing(directory) == ["tag.nfc"])
    }
}
