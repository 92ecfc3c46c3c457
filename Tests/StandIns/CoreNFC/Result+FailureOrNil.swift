import Foundation

extension Result {
    /// The failure, or `nil` on success (for handlers that take only an error).
    var failureOrNil: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
