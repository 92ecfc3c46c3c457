import Focus
import Foundation

extension FocusSharedState {
    /// The shared state of `status`: the running session, its planned end and the tag that
    /// started it (the tag that ends it), by its label or place; empty when no session runs.
    init(_ status: FocusStatus, shieldsUp: Bool) {
        self.init()
        guard status.phase == .active, let session = status.session else { return }
        startedAt = session.startedAt
        plannedEnd = session.plannedEnd
        let tag = status.pairedTags.first { $0.identity == session.startedBy }
        tagName = tag?.label ?? tag?.whereabouts
        tagUID = session.startedBy.uid.map { String(format: "%02X", $0) }.joined(separator: ":")
        self.shieldsUp = shieldsUp
    }
}
