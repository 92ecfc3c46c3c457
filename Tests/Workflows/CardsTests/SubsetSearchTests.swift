import TestSupport
import Testing

@testable import Cards

@Suite struct SubsetSearchTests {
    @Test func knownAnswers() {
        #expect(SubsetSearch.fewestThenSmallest(weights: [5, 3, 9], atLeast: 0) == [])
        #expect(SubsetSearch.fewestThenSmallest(weights: [5, 3, 9], atLeast: 18) == nil)
        #expect(SubsetSearch.fewestThenSmallest(weights: [5, 3, 9], atLeast: 4) == [0])  // 5 beats 9
        #expect(SubsetSearch.fewestThenSmallest(weights: [5, 3, 9], atLeast: 10) == [1, 2])  // 3 + 9 = 12
        #expect(SubsetSearch.fewestThenSmallest(weights: [4, 4, 4], atLeast: 4) == [0])  // earliest wins ties
    }

    @Test func agreesWithBruteForce() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<1500 {
            let n = Int(rng.next() % 10)
            let weights = (0..<n).map { _ in Int(rng.next() % 60) }
            let target = Int(rng.next() % UInt64(weights.reduce(0, +) + 20))
            // Every subset as a bit mask, ordered by (size, sum, indices in lexicographic order).
            var best: (count: Int, sum: Int, indices: [Int])? = nil
            for mask in 0..<(1 << n) {
                var sum = 0
                for index in 0..<n where mask & (1 << index) != 0 { sum += weights[index] }
                guard sum >= target else { continue }
                let count = mask.nonzeroBitCount
                if let current = best, (count, sum) > (current.count, current.sum) { continue }
                let indices = (0..<n).filter { mask & (1 << $0) != 0 }
                if let current = best, (count, sum) == (current.count, current.sum),
                    !indices.lexicographicallyPrecedes(current.indices)
                {
                    continue
                }
                best = (count, sum, indices)
            }
            #expect(
                SubsetSearch.fewestThenSmallest(weights: weights, atLeast: target) == best?.indices,
                "\(weights) \(target)")
        }
    }
}
