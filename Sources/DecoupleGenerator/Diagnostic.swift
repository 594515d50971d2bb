// MARK: - Diagnostic

/// A place in an input file, counted from 1 like a compiler does.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in the input, printed the way the compiler prints its own, so editors and
/// CI logs link straight to it: `Models.swift:12:9: error: …`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public var position: SourcePosition?
    public var severity: Severity
    public var message: String

    public init(_ message: String, at position: SourcePosition?, severity: Severity = .error) {
        self.position = position
        self.severity = severity
        self.message = message
    }

    public var description: String {
        let prefix = position.map { "\($0): " } ?? "decouple: "
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// The generator refused its input; every problem it found is listed, in file order.
public struct GenerationFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted {
            ($0.position ?? SourcePosition(file: "", line: 0, column: 0)) < ($1.position ?? SourcePosition(file: "", line: 0, column: 0))
        }
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
