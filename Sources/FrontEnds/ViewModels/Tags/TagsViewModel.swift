import Foundation
import Observation
import Store
import TagInventory

/// The Tags screen: every tag TapCard has seen, with its capacity (and whether the tag reported
/// it or it is assumed) and its last write.
@MainActor
@Observable
public final class TagsViewModel {
    public private(set) var rows: [TagRow] = []
    public private(set) var errorMessage: String?

    @ObservationIgnored private let store: TapCardStore
    @ObservationIgnored private let clock: () -> Date

    public init(store: TapCardStore, clock: @escaping () -> Date = Date.init) {
        self.store = store
        self.clock = clock
    }

    /// Reloads the inventory, most recently seen first.
    public func refresh() {
        do {
            rows = try store.inventory().map(TagRow.init)
            errorMessage = nil
        } catch {
            errorMessage = error.sentence
        }
    }

    /// Sets where a tag lives and what it is called (empty text clears nothing: use a new value).
    public func rename(_ key: TagKey, label: String?, location: String?) {
        do {
            try store.nameTag(key, label: label, location: location, at: clock())
            errorMessage = nil
        } catch {
            errorMessage = error.sentence
        }
        refresh()
    }

    /// The write history of one tag, newest first.
    public func writes(for key: TagKey) -> [WriteRecord] {
        (try? store.writes(for: key)) ?? []
    }
}
