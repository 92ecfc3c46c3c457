import CoreNFCTransport
import Foundation
import Store
import SwiftUI
import ViewModels

/// The app: one ``TapCardAppModel`` over the CoreNFC sessions, the on-device store and Screen
/// Time. All the decisions live in the package's view models (tested on Linux); the views only
/// render them. iOS opens the app three more ways, each handed to the same model: a tag read in
/// the background (a universal link with the tag's message), a `tapcard://focus/start` link, and
/// the "Start focus session" App Intent.
@main
struct TapCardApp: App {
    @State private var model: TapCardAppModel

    init() {
        _model = State(initialValue: AppModelHolder.model)
    }

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    model.openedTag.open(
                        records: BackgroundTagActivity.records(of: activity),
                        webpageURL: activity.webpageURL?.absoluteString)
                }
                .onOpenURL { url in
                    Task { await model.open(url) }
                }
        }
    }
}
