import CoreNFCTransport
import Foundation
import Store
import SwiftUI
import ViewModels

/// The app: one ``TapCardAppModel`` over the CoreNFC sessions and the on-device store. All the
/// decisions live in the package's view models (tested on Linux); the views only render them.
@main
struct TapCardApp: App {
    @State private var model: TapCardAppModel

    init() {
        _model = State(initialValue: Self.makeModel())
    }

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
        }
    }

    @MainActor
    private static func makeModel() -> TapCardAppModel {
        // Every tag TapCard has a channel for: NFC-A and ISO-DEP, ISO 15693 (Type 5) and FeliCa
        // (Type 3, for the Info.plist system codes 12FC and 88B4).
        let service = CoreNFCTagSessions(polling: .everyTag)
        // Without a store the app still scans, writes and locks; Focus and Tags need it.
        let store = try? TapCardStore(path: storePath())
        return TapCardAppModel(service: service, store: store)
    }

    private static func storePath() -> String {
        let directory = URL.applicationSupportDirectory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appending(path: "tapcard.sqlite").path(percentEncoded: false)
    }
}
