// MARK: - NearestName

/// "Did you mean …?" for a name looked up and not found: the known name it is most likely a
/// typo of.
enum NearestName {
    /// The known name closest to `name`, ignoring case, when few enough edits separate them to
    /// be a typo: none but case for a name of one or two characters, one for up to 7, and one
    /// more for every 4 after that. An edit is a character added, removed, changed, or swapped
    /// with its neighbour. Ties go to the name first in alphabetical order.
    static func suggestion(for name: String, among known: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        let limit = typed.count < 3 ? 0 : max(1, typed.count / 4)
        var best: (name: String, edits: Int)?
        for candidate in known where candidate != name {
            let edits = distance(typed, Array(candidate.lowercased()), limit: limit)
            guard edits <= limit else { continue }
            if best.map({ edits < $0.edits || (edits == $0.edits && candidate < $0.name) }) ?? true {
                best = (candidate, edits)
            }
        }
        return best?.name
    }

    /// The edits between `a` and `b` (optimal string alignment), or `limit + 1` as soon as they
    /// are known to be more than `limit`.
    private static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        // Three rows of the table: two back (for a swap), the last, and the one being filled.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var row = last
        for i in 1...max(a.count, 1) where !a.isEmpty {
            row[0] = i
            var smallest = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                var edits = min(last[j] + 1, row[j - 1] + 1, last[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    edits = min(edits, twoBack[j - 2] + 1)
                }
                row[j] = edits
                smallest = min(smallest, edits)
            }
            if smallest > limit { return limit + 1 }
            (twoBack, last, row) = (last, row, twoBack)
        }
        return a.isEmpty ? b.count : last[b.count]
    }
}
