import Foundation
import TagCatalog

/// Raw memory images (`.bin`): every page of the tag, page 0 first, nothing else — the format
/// of `dump.bin` in the fixtures and of most dump tools. It holds no signature and no counters.
public enum MemoryImage {
    /// Reads a raw image and checks that its size is `model`'s.
    public static func load(_ path: String, model: TagModel) throws(EmulatorError) -> [UInt8] {
        let bytes = try FileBytes.read(path)
        try EmulatedTag.check(image: bytes, model: model)
        return bytes
    }

    /// Writes `tag`'s whole memory as a raw image (PWD and PACK as stored).
    public static func save(_ tag: EmulatedTag, to path: String) throws(EmulatorError) {
        try FileBytes.write(tag.memory, to: path)
    }
}

/// Whole-file reads and writes, with the system's failure turned into our own error.
public enum FileBytes {
    public static func read(_ path: String) throws(EmulatorError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .fileUnreadable(path: path, reason: "it is a directory")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .fileUnreadable(path: path, reason: reason(error))
        }
    }

    /// Writes atomically (a temporary file renamed into place), so a crash never leaves half a file.
    public static func write(_ bytes: [UInt8], to path: String) throws(EmulatorError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .fileUnwritable(path: path, reason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            default: break
            }
        }
        return "the system reported \(nsError.domain) error \(nsError.code)"
    }
}
