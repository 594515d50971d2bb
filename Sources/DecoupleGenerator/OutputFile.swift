import Foundation

// MARK: - OutputFile

/// Writes generated code the way build tools expect: atomically, and only when it changed.
public enum OutputFile {
    public enum Outcome: Equatable, Sendable {
        case written, unchanged
    }

    /// Whether the file at `path` holds exactly `text`.
    public static func isCurrent(_ path: String, text: String) -> Bool {
        FileManager.default.contents(atPath: path) == Data(text.utf8)
    }

    /// Replaces the file's content in one step (a temporary file renamed over it), unless it
    /// already holds `text`. A failure leaves any existing file as it was.
    public static func write(_ text: String, to path: String) throws -> Outcome {
        if isCurrent(path, text: text) { return .unchanged }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return .written
    }
}
