import Foundation
import Store

/// A store in a fresh temporary file, removed afterwards.
final class ScratchStore {
    let directory: String
    let store: TapCardStore

    init() throws {
        directory = NSTemporaryDirectory() + "tapcard-focus-sessions-tests-" + UUID().uuidString
        store = try TapCardStore(path: directory + "/tapcard.sqlite")
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}
