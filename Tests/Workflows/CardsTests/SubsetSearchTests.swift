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
        for _ in 0..<3000 {
            let n = Int(rng.next() % 11)
            let weights = (0..<n).map { _ in Int(rng.next() % 60) }
            let target = Int(rng.next() % UInt64(weights.reduce(0, +) + 20))
            var best: [Int]? = nil
            var bestKey = (Int.max, Int.max)
            for mask in 0..<(1 << n) {
                let subset = (0..<n).filter { mask & (1 << $0) != 0 }
                let sum = subset.reduce(0) { $0 + weights[$1] }
                guard sum >= target else { continue }
                let key = (subset.count, sum)
                if key < bestKey || (key == bestKey && subset.lexicographicallyPrecedes(best ?? [])) {
                    best = subset
                    bestKey = key
                }
            }
            #expect(SubsetSearch.fewestThenSmallest(weights: weights, atLeast: target) == best, "\(weights) \(target)")
        }
    }
}
