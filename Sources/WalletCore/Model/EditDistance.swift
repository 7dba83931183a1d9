/// How far apart two words are, for "did you mean" suggestions: the fewest single-character
/// insertions, deletions, substitutions and swaps of two neighbours that turn one into the other
/// (optimal string alignment), so `crad` is 1 from `card` and `lst` 1 from `list`.
public enum EditDistance {
    /// The distance between `first` and `second`, compared by `Character`.
    public static func between(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word`, when it is close enough to be what was meant: at most
    /// a third of the longer word's characters (and at least one) apart. Ties go to the first.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = between(word, candidate)
            let allowed = max(1, max(word.count, candidate.count) / 3)
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }
}
