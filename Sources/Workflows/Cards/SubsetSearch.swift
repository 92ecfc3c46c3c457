/// The advisor's search: which items to drop so that their weights add up to at least a target.
enum SubsetSearch {
    /// Indices of the subset with the fewest items whose weights sum to at least `target`; among
    /// those, the smallest sum; among those, the lexicographically first set of indices (items
    /// earlier in `weights` are preferred). Nil when all items together fall short.
    ///
    /// Exact, by dynamic programming over (first item considered, items still to take, sum so
    /// far). Sums are capped at `target + max weight`: an optimal set of the minimal size k has a
    /// sum below `target + its smallest weight`, since without that item only k − 1 items remain,
    /// and those fall short by minimality. When the table would be too big (hundreds of fields),
    /// it falls back to the k heaviest items, which is still the fewest fields.
    static func fewestThenSmallest(weights: [Int], atLeast target: Int) -> [Int]? {
        let n = weights.count
        if target <= 0 { return [] }
        guard weights.allSatisfy({ $0 >= 0 }), weights.reduce(0, +) >= target else { return nil }
        let heaviestFirst = weights.indices.sorted { (weights[$0], -$0) > (weights[$1], -$1) }
        var k = 0
        var sum = 0
        while sum < target {
            sum += weights[heaviestFirst[k]]
            k += 1
        }
        let cap = target + (weights.max() ?? 0)
        let cells = (n + 1) * (k + 1) * (cap + 1)
        guard cells <= 8_000_000 else { return Array(heaviestFirst.prefix(k)).sorted() }

        // reach[i][c][s]: items i..<n can supply exactly c items summing to s (s ≤ cap).
        let width = cap + 1
        func cell(_ i: Int, _ c: Int, _ s: Int) -> Int { (i * (k + 1) + c) * width + s }
        var reach = [Bool](repeating: false, count: cells)
        reach[cell(n, 0, 0)] = true
        for i in stride(from: n - 1, through: 0, by: -1) {
            for c in 0...k {
                for s in 0...cap {
                    var ok = reach[cell(i + 1, c, s)]
                    if !ok, c > 0, weights[i] <= s { ok = reach[cell(i + 1, c - 1, s - weights[i])] }
                    reach[cell(i, c, s)] = ok
                }
            }
        }
        guard let best = (target...cap).first(where: { reach[cell(0, k, $0)] }) else {
            return Array(heaviestFirst.prefix(k)).sorted()
        }
        var chosen: [Int] = []
        var c = k
        var s = best
        for i in 0..<n where c > 0 {
            if weights[i] <= s, reach[cell(i + 1, c - 1, s - weights[i])] {
                chosen.append(i)
                c -= 1
                s -= weights[i]
            }
        }
        return chosen
    }
}
