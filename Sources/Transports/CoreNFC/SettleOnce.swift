import Foundation

/// A result that is delivered exactly once, whoever delivers it and whenever it is awaited.
///
/// Platform callbacks (CoreNFC completion handlers, delegate methods) can arrive more than once
/// or in an unexpected order: a success, then the session's invalidation. Resuming a continuation
/// twice traps; letting the second delivery win replaces a success with a failure. Here the first
/// delivery wins, later ones are ignored and recorded as defects, and a result that arrives before
/// anyone awaits it is kept until they do.
public final class SettleOnce<Success: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var outcome: Result<Success, Failure>?
    private var waiters: [CheckedContinuation<Result<Success, Failure>, Never>] = []
    private let label: String
    private let defects: DefectLog

    /// - Parameters:
    ///   - label: what is being awaited, for the defect log ("connect", "writeNDEF").
    ///   - defects: where a second delivery is reported.
    public init(_ label: String, defects: DefectLog) {
        self.label = label
        self.defects = defects
    }

    /// Delivers the result. Returns `false`, and records a defect, if one was already delivered:
    /// the first result stands.
    @discardableResult
    public func settle(_ result: Result<Success, Failure>) -> Bool {
        if deliver(result) { return true }
        let first = lock.withLock { outcome.map(Self.describe) ?? "nothing" }
        defects.record(
            "\(label) was delivered twice; kept the first (\(first)) and ignored the second (\(Self.describe(result)))."
        )
        return false
    }

    /// Delivers `result` only if nothing was delivered yet; silent otherwise. For endings that
    /// legitimately race a real result (a session's invalidation after its success).
    @discardableResult
    public func settleIfPending(_ result: Result<Success, Failure>) -> Bool { deliver(result) }

    /// Like ``settleIfPending(_:)``, running `claimed` when this delivery wins, before anyone
    /// waiting is resumed (so a defect it records is visible to them).
    @discardableResult
    public func settleIfPending(_ result: Result<Success, Failure>, claimed: () -> Void) -> Bool {
        deliver(result, claimed: claimed)
    }

    /// True once a result was delivered.
    public var isSettled: Bool { lock.withLock { outcome != nil } }

    /// The delivered result, waiting for it if needed.
    public func value() async throws(Failure) -> Success {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Success, Failure>, Never>) in
            let ready = lock.withLock { () -> Result<Success, Failure>? in
                if let outcome { return outcome }
                waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return try result.get()
    }

    private func deliver(_ result: Result<Success, Failure>, claimed: () -> Void = {}) -> Bool {
        let toResume = lock.withLock { () -> [CheckedContinuation<Result<Success, Failure>, Never>]? in
            guard outcome == nil else { return nil }
            outcome = result
            defer { waiters = [] }
            return waiters
        }
        guard let toResume else { return false }
        claimed()
        for waiter in toResume { waiter.resume(returning: result) }
        return true
    }

    private static func describe(_ result: Result<Success, Failure>) -> String {
        switch result {
        case .success: "success"
        case .failure(let error): "failure: \(error)"
        }
    }
}
