// MARK: - PathPattern

/// A glob pattern for paths not to read (`--exclude`, the configuration's `"exclude"`).
///
/// `*` matches any run of characters within one path component, `?` one character, and `**`
/// any number of whole components. A pattern without `/` matches a file's or folder's name
/// anywhere (`*.pb.swift`, `Generated`); a pattern with `/` matches the end of a path from a
/// component boundary on, as if it started with `**/` (`Generated/*.swift` matches
/// `Sources/App/Generated/A.swift`).
package struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    package let description: String
    private let components: [Substring]

    package init(_ pattern: String) {
        description = pattern
        components = pattern.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    }

    /// Whether the path, or a trailing part of it that starts at a component, matches.
    ///
    /// In time proportional to the pattern's components times the path's, whatever the `**`s:
    /// `matched[p][t]` says whether the pattern from component `p` on matches the path from
    /// component `t` to its end, filled from the ends backward, and every start of the path
    /// reads the same table. (Trying each split of the path at each `**` took time exponential
    /// in their number: `**/**/**/**/**/**/x.swift` on a path 40 folders deep ran for minutes.)
    package func matches(_ path: String) -> Bool {
        match(path).matches
    }

    /// Whether the path matches, and how many steps that took: table cells filled, and
    /// characters compared within components (what `PathPatternTests` bound).
    func match(_ path: String) -> (matches: Bool, steps: Int) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty, !parts.isEmpty else { return (false, 0) }
        var steps = 0
        let partScalars = parts.map { Array($0.unicodeScalars) }
        // One row per pattern component and one after the last; a column per path component
        // and one after the last.
        var next = [Bool](repeating: false, count: parts.count + 1)
        next[parts.count] = true  // the whole pattern used up: only the end of the path matches
        for component in components.reversed() {
            var row = [Bool](repeating: false, count: parts.count + 1)
            if component == "**" {
                // None of the path's components, or this one and what the `**` matches after it.
                row[parts.count] = next[parts.count]
                for t in stride(from: parts.count - 1, through: 0, by: -1) { row[t] = next[t] || row[t + 1] }
            } else {
                let scalars = Array(component.unicodeScalars)
                for t in 0..<parts.count where next[t + 1] { row[t] = Self.matchComponent(scalars, partScalars[t], steps: &steps) }
            }
            steps += row.count
            next = row
        }
        return (next[..<parts.count].contains(true), steps)
    }

    /// `*` and `?` within one component, by the classic two-pointer search with one backtrack
    /// point (linear in practice, never exponential).
    private static func matchComponent(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar], steps: inout Int) -> Bool {
        var p = 0, t = 0
        var star: Int?, starText = 0
        while t < text.count {
            steps += 1
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                starText = t
                p += 1
            } else if let star {
                p = star + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
