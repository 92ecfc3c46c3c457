/// What a driver needs from a key-guarded chip's protect plan (``UltralightCProtectPlan``, and
/// each later chip's): the writes in their tearing-safe order, the state once all landed, and
/// what a tear after some of them leaves, so one driver path sends, explains and verifies them.
public protocol KeyProtectPlanning: Sendable {
    var writes: [PageWrite] { get }
    /// The protection once every write landed, as the chip's access decoder would read it.
    var finalState: KeyAccessState { get }
    /// True when some page is guarded once the first `landed` writes landed.
    func isProtected(afterLanded landed: Int) -> Bool
    /// True when the key pages hold part old key, part new once the first `landed` writes landed.
    func keyPagesMixed(afterLanded landed: Int) -> Bool
}
