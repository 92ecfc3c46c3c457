import CoreNFCTransport
import Focus
import FocusSessions
import Foundation
import Observation
import Store
import TagCatalog

/// The whole app's state: every screen's view model, wired together. A scan tells My Card the
/// capacity the tag reports, tells Lock which tag it may lock, and tells Write, Lock and Protect
/// whether that tag has a password; a protection change tells Write and Lock; every failure tells
/// Availability what it learned about the device. The app creates one of these with the CoreNFC
/// sessions and the store; tests create it with the CoreNFC stand-in.
@MainActor
@Observable
public final class TapCardAppModel {
    public let availability: AvailabilityViewModel
    public let scan: ScanViewModel
    public let card: MyCardViewModel
    public let write: WriteViewModel
    public let lock: LockViewModel
    public let protect: ProtectViewModel
    public let focus: FocusViewModel?
    public let focusTap: FocusTapViewModel?
    public let tags: TagsViewModel?
    /// What a tag read in the background (a universal link) opened TapCard with.
    public let openedTag: BackgroundTagViewModel
    /// "Make this a secure tag"; only with a place for its keys (the Keychain in the app).
    public let secureTag: SecureTagViewModel?

    /// `shield` is what a focus session blocks (Screen Time in the app, a stand-in in tests);
    /// `secrets` keeps the SUN keys "Make this a secure tag" puts on tags; `monotonicClock` is the
    /// reference a focus session records beside the wall clock, so a changed clock is caught (the
    /// app passes `SystemMonotonicClock`; tests that move `clock` pass a matching one or none).
    public init(
        service: any TagSessionService, store: TapCardStore?, card: MyCardViewModel = MyCardViewModel(),
        clock: @escaping () -> Date = Date.init, shield: FocusShieldViewModel? = nil,
        secrets: (any SecretStore)? = nil, monotonicClock: (any MonotonicClock)? = nil
    ) {
        openedTag = BackgroundTagViewModel()
        availability = AvailabilityViewModel(service: service)
        scan = ScanViewModel(service: service, store: store, clock: clock)
        self.card = card
        write = WriteViewModel(service: service, card: card, store: store, clock: clock)
        lock = LockViewModel(service: service)
        protect = ProtectViewModel(service: service)
        secureTag = secrets.map { SecureTagViewModel(service: service, secrets: $0) }
        if let store {
            let focus = FocusViewModel(
                controller: FocusController(store: store, monotonicClock: monotonicClock), clock: clock, shield: shield)
            self.focus = focus
            focusTap = FocusTapViewModel(service: service, focus: focus, secrets: secrets)
            tags = TagsViewModel(store: store, clock: clock)
        } else {
            focus = nil
            focusTap = nil
            tags = nil
        }
        let availability = availability
        let write = write
        let lock = lock
        let protect = protect
        let tags = tags
        scan.onRead = { info in
            // A FeliCa card that is not formatted has only an assumed figure: My Card keeps its own.
            if info.capacity.source == .reported { card.tagReported(capacity: info.capacity.bytes, model: info.model) }
            write.tagScanned(info)
            lock.select(info)
            protect.select(info)
            tags?.refresh()
        }
        // A password or a key just set or removed: Write and Lock ask for it, or stop asking.
        protect.onChange = { report in
            write.protectionChanged(report)
            lock.protectionChanged(report)
        }
        let note: (NFCSessionError) -> Void = { availability.note($0) }
        scan.onFailure = note
        write.onFailure = note
        lock.onFailure = note
        protect.onFailure = note
        focusTap?.onFailure = note
        secureTag?.onFailure = note
    }

    /// A URL iOS opened TapCard with: `tapcard://focus/start` starts a focus session (through the
    /// same tap as the Focus screen's button, so only the paired tag starts it and nothing here
    /// ends one); an `https` link (a universal link opened outside a tag read) is shown like a
    /// tag's link. Returns what it did, for the caller to switch tabs.
    @discardableResult
    public func open(_ url: URL) async -> AppLinkRoute? {
        guard let route = AppLinkRoute(url) else { return nil }
        switch route {
        case .startFocus:
            await focusTap?.tap(from: .link)
        case .page(let link):
            openedTag.open(records: [], webpageURL: link)
        }
        return route
    }
}
