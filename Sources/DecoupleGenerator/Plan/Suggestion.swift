// MARK: - Suggestion

/// "Did you mean …?" for names a user may have mistyped.
package enum Suggestion {
    /// The candidate closest to `name`, if it is close enough to be a likely typo.
    package static func nearest(_ name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = max(2, name.count / 3)
        if distance <= limit { return candidate }
        // A longer or shorter form of one name: `mapping` for `map`, `subtitleText` for `subtitle`.
        let forms = candidates.sorted().filter { candidate in
            let shorter = min(candidate.count, name.count)
            let candidate = candidate.lowercased()
            return shorter >= 3 && (candidate.hasPrefix(lowered) || lowered.hasPrefix(candidate))
        }
        return forms.count == 1 ? forms[0] : nil
    }

    /// `"; did you mean 'name'?"`, or nothing.
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        nearest(name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
