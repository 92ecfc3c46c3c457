import Foundation
import TagEmulator
import Testing

/// The one writer of files a command creates (``FileBytes/create(_:at:replacing:secret:)``):
/// links are never followed, an existing file is replaced only when asked, the mode of a replaced
/// file is kept, a file holding secrets is 0600 whatever was there, and a failed write leaves
/// nothing behind.
@Suite struct FileCreationTests {
    static func directory() throws -> String {
        try FileBytesTests.directory()
    }

    @Test func aNewFileIsCreatedAndAnExistingOneOnlyReplacedWhenAsked() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/new.bin"
        try FileBytes.create([1, 2, 3], at: path, replacing: false)
        #expect(try FileBytesTests.bytes(path) == [1, 2, 3])
        #expect(throws: EmulatorError.fileInTheWay(path: path, reason: "exists and would be replaced")) {
            try FileBytes.create([4], at: path, replacing: false)
        }
        #expect(try FileBytesTests.bytes(path) == [1, 2, 3])
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: path)
        try FileBytes.create([4], at: path, replacing: true)
        #expect(try FileBytesTests.bytes(path) == [4])
        #expect(try FileBytesTests.permissions(path) == 0o604)
        #expect(try FileBytesTests.listing(directory) == ["new.bin"])
    }

    @Test func aSecretIs0600FromTheStartAndStaysSo() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/keys"
        try FileBytes.create([1], at: path, replacing: false, secret: true)
        #expect(try FileBytesTests.permissions(path) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try FileBytes.create([2], at: path, replacing: true, secret: true)
        #expect(try FileBytesTests.permissions(path) == 0o600)
    }

    @Test func aLinkIsRefusedDanglingOrNotEvenWhenReplacing() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dangling = directory + "/dangling"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: directory + "/target")
        for replacing in [false, true] {
            #expect(throws: EmulatorError.self) { try FileBytes.create([1], at: dangling, replacing: replacing) }
            #expect(!FileManager.default.fileExists(atPath: directory + "/target"))
        }
        try Data("victim".utf8).write(to: URL(fileURLWithPath: directory + "/victim"))
        let link = directory + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "victim")
        #expect(throws: EmulatorError.self) { try FileBytes.create([1], at: link, replacing: true) }
        #expect(try String(contentsOfFile: directory + "/victim", encoding: .utf8) == "victim")
        #expect(FileBytes.injectedFailure.get() == nil)
    }

    @Test(arguments: FileBytes.Step.allCases.filter { $0 != .lock })
    func aFailedCreationLeavesNothing(_ step: FileBytes.Step) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/new"
        FileBytes.injectedFailure.withValue(step) {
            #expect(throws: EmulatorError.self) { try FileBytes.create([1], at: path, replacing: false, secret: true) }
        }
        #expect(try FileBytesTests.listing(directory) == [])
    }
}
