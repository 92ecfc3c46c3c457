import SwiftUI
import ViewModels

/// The tabs (past five, iOS gathers the rest under More). Focus and Tags appear only when the
/// store opened. A tag read in the background shows over them.
struct RootView: View {
    let model: TapCardAppModel

    var body: some View {
        TabView {
            ScanView(scan: model.scan, availability: model.availability)
                .tabItem { Label("Scan", systemImage: "wave.3.right") }
            MyCardView(card: model.card)
                .tabItem { Label("My Card", systemImage: "person.crop.rectangle") }
            WriteView(write: model.write, card: model.card, scan: model.scan, availability: model.availability)
                .tabItem { Label("Write", systemImage: "square.and.pencil") }
            if let focusTap = model.focusTap {
                FocusView(tap: focusTap, focus: focusTap.focus, availability: model.availability)
                    .tabItem { Label("Focus", systemImage: "moon") }
            }
            if let tags = model.tags {
                TagsView(tags: tags)
                    .tabItem { Label("Tags", systemImage: "tag") }
            }
            ProtectView(protect: model.protect, availability: model.availability)
                .tabItem { Label("Protect", systemImage: "key") }
            LockView(lock: model.lock, availability: model.availability)
                .tabItem { Label("Lock", systemImage: "lock") }
            if let secureTag = model.secureTag {
                SecureTagView(secure: secureTag, availability: model.availability)
                    .tabItem { Label("Secure tag", systemImage: "checkmark.seal") }
            }
        }
        .sheet(isPresented: openedTagShown) {
            if let content = model.openedTag.content {
                OpenedTagView(opened: model.openedTag, content: content)
            }
        }
    }

    @MainActor private var openedTagShown: Binding<Bool> {
        let opened = model.openedTag
        return Binding(get: { opened.content != nil }, set: { if !$0 { opened.dismiss() } })
    }
}
