import Foundation

/// File checks shared by the sim subcommands.
enum SimFiles {
    static func refuseOverwrite(_ path: String, force: Bool) throws(SimError) {
        if !force && FileManager.default.fileExists(atPath: path) { throw .fileExists(path: path) }
    }
}
