// MARK: - Diagnostic

/// A place in an input file, counted from 1 like a compiler does.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the path with any control character escaped (`displayPath(_:)`).
    public var description: String { "\(displayPath(file)):\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, column
    }

    /// Its file, line and column; its file only for the digest of a scan, which leaves
    /// positions out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        guard encoder.userInfo[.leavesPositionsOut] == nil else { return }
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

/// One problem found in the input, printed the way the compiler prints its own, so editors and
/// CI logs link straight to it: `Models.swift:12:9: error: …`.
///
/// It is data, not text: besides the message and its position it can carry notes that point at
/// related places and fix-its that say what would repair it. The command-line tool prints the
/// message and notes; the `@Adapts` macro attaches all of it, fix-its included, to the model's
/// syntax.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// A related place, such as the declaration a new one clashes with.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var position: SourcePosition

        public init(_ message: String, at position: SourcePosition) {
            self.message = message
            self.position = position
        }
    }

    /// A change to the user's input that would repair a problem, described by what it means
    /// rather than as text, because each front end writes mappings in its own syntax: the macro
    /// turns it into an edit of the model's attributes.
    public enum FixIt: Hashable, Sendable {
        /// Give the mapping of `requirement` from the optional `member` a default for when the
        /// member is `nil`: `value`, a Swift expression (possibly an editor placeholder).
        case addDefault(requirement: String, member: String, value: String)
        /// Map `requirement` to `member`, a property no other requirement reads.
        case map(requirement: String, toMember: String)
    }

    public var position: SourcePosition?
    public var severity: Severity
    public var message: String
    /// The rule the input breaks: printed after the message (`[#UnknownModel]`), and explained by
    /// `decouple explain`.
    public var rule: Rule
    public var notes: [Note]
    public var fixIts: [FixIt]
    /// The request this problem belongs to, when that request has several: the tool prints a
    /// group together under one heading instead of scattering it among other files' problems.
    public var group: Group?
    /// For "unknown model" and "unknown protocol": the name no source declares. A front end that
    /// left files out (the command-line tool's `exclude`) may say where it is declared.
    public var missingName: String?

    /// Problems that belong together: the ones found while resolving one adapter request.
    public struct Group: Hashable, Sendable {
        /// What the problems are about: `cannot adapt 'Post' to 'TitledContent'`.
        public var title: String
        /// Where the request is: the configuration entry or the annotation.
        public var position: SourcePosition?

        public init(_ title: String, at position: SourcePosition?) {
            self.title = title
            self.position = position
        }
    }

    public init(
        _ message: String, rule: Rule, at position: SourcePosition?, severity: Severity = .error, notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.position = position
        self.severity = severity
        self.message = message
        self.rule = rule
        self.notes = notes
        self.fixIts = fixIts
    }

    /// `path:line:column: error: message [#Rule]`, then one line per note. Control characters in the
    /// messages, which can quote names from the configuration, are escapes (`displayText(_:)`):
    /// each diagnostic and note is one line, and nothing reaches the terminal raw.
    public var description: String {
        let prefix = position.map { "\($0): " } ?? "decouple: "
        let noteLines = notes.map { "\n\($0.position): note: \(displayText($0.message))" }
        return "\(prefix)\(severity.rawValue): \(displayText(message)) [#\(rule.name)]" + noteLines.joined()
    }
}

/// The generator refused its input; every problem it found is listed, in file order, except
/// that the problems of one group (one adapter request) are listed together, in the place of the
/// request.
public struct GenerationFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        let nowhere = SourcePosition(file: "", line: 0, column: 0)
        // A group sorts where its request is (or its first problem); its problems by position.
        var groupPlace: [Diagnostic.Group: SourcePosition] = [:]
        for diagnostic in diagnostics {
            guard let group = diagnostic.group else { continue }
            let place = group.position ?? diagnostic.position ?? nowhere
            groupPlace[group] = min(groupPlace[group] ?? place, place)
        }
        func key(_ diagnostic: Diagnostic) -> (SourcePosition, String, SourcePosition) {
            let own = diagnostic.position ?? nowhere
            guard let group = diagnostic.group, let place = groupPlace[group] else { return (own, "", nowhere) }
            return (place, group.title, own)
        }
        // A problem found twice (a model declared in two `#if` branches is checked in each) is
        // reported once.
        var seen = Set<Diagnostic>()
        self.diagnostics = diagnostics.enumerated().sorted {
            let (left, right) = (key($0.element), key($1.element))
            return (left.0, left.1, left.2, $0.offset) < (right.0, right.1, right.2, $1.offset)
        }.map(\.element).filter { seen.insert($0).inserted }
    }

    /// Generated code that does not parse: a bug of this generator, never written.
    package static let unparsableOutput = GenerationFailure([
        Diagnostic("internal error: the generated code does not parse; please report this with your input", rule: .internalError, at: nil)
    ])

    /// How many diagnostics ``description`` prints before it counts the rest.
    public static let printedLimit = 100

    /// Every diagnostic, one per line with its notes, up to ``printedLimit``; then how many more
    /// there are, so a file with half a million mistakes prints a page, not the lot.
    public var description: String {
        var lines: [String] = []
        var previous: Diagnostic.Group?
        for diagnostic in diagnostics.prefix(Self.printedLimit) {
            if let group = diagnostic.group, group != previous {
                let count = diagnostics.count { $0.group == group }
                let prefix = group.position.map { "\($0): " } ?? "decouple: "
                lines.append("\(prefix)error: \(displayText(group.title)): \(count) problems:")
            }
            previous = diagnostic.group
            lines.append(diagnostic.description)
        }
        let rest = diagnostics.count - Self.printedLimit
        if rest > 0 {
            let errors = diagnostics.dropFirst(Self.printedLimit).filter { $0.severity == .error }.count
            let what = errors == rest ? (rest == 1 ? "error" : "errors") : (rest == 1 ? "problem" : "problems")
            lines.append("decouple: note: … and \(rest) more \(what) not shown")
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: - DisplayPath

/// A path as diagnostics show it: control characters (a newline in a file name, say) are
/// written as escapes, so that `path:line:column` stays one line and editors can parse it, and
/// an empty path (`--output ""`) as `""`, so that the message still shows one.
package func displayPath(_ path: String) -> String {
    path.isEmpty ? "\"\"" : displayText(path)
}

/// Text as diagnostics show it, escaped as `displayPath(_:)` escapes a path: a newline in a
/// name from the configuration cannot start a line that looks like another diagnostic, nor an
/// escape sequence reach the terminal. Escaping twice changes nothing more.
package func displayText(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    let named: [Unicode.Scalar: String] = ["\n": "\\n", "\r": "\\r", "\t": "\\t"]
    var result = ""
    for scalar in text.unicodeScalars {
        if isControl(scalar) {
            result += named[scalar] ?? "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
}
