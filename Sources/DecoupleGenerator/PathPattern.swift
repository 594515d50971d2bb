// MARK: - PathPattern

/// A glob pattern for paths not to read (`--exclude`, the configuration's `"exclude"`).
///
/// `*` matches any run of characters within one path component, `?` one character, and `**`
/// any number of whole components. A pattern without `/` matches a file's or folder's name
/// anywhere (`*.pb.swift`, `Generated`); a pattern with `/` matches the end of a path from a
/// component boundary on, as if it started with `**/` (`Generated/*.swift` matches
/// `Sources/App/Generated/A.swift`).
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    private let components: [Substring]

    public init(_ pattern: String) {
        description = pattern
        components = pattern.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    }

    /// Whether the path, or a trailing part of it that starts at a component, matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty, !parts.isEmpty else { return false }
        return (0..<parts.count).contains { start in Self.match(components[...], parts[start...]) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ parts: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return parts.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (parts.startIndex...parts.endIndex).contains { match(rest, parts[$0...]) }
        }
        guard let part = parts.first, matchComponent(Array(first.unicodeScalars), Array(part.unicodeScalars)) else { return false }
        return match(pattern.dropFirst(), parts.dropFirst())
    }

    /// `*` and `?` within one component, by the classic two-pointer search with one backtrack
    /// point (linear in practice, never exponential).
    private static func matchComponent(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0, t = 0
        var star: Int?, starText = 0
        while t < text.count {
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
