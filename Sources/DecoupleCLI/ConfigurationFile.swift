import DecoupleGenerator
import Foundation

// MARK: - ConfigurationFile

/// A run's configuration, read once: the text as read, which the output cache's key covers, and
/// the configuration parsed from that same text. Reading it once also lets the configuration
/// come from a pipe (`--config /dev/stdin`), which can be read only once.
struct ConfigurationFile {
    static let defaultName = "decouple.json"

    /// The file's text, or "" when there is no file.
    let text: String
    let configuration: Configuration

    /// Reads the explicit file, or ./decouple.json if present; with neither, the configuration
    /// is empty.
    ///
    /// - Throws: ``GenerationFailure`` when the file cannot be read or its content is wrong.
    static func read(explicit path: String?) throws(GenerationFailure) -> ConfigurationFile {
        guard let candidate = path ?? (FileManager.default.fileExists(atPath: defaultName) ? defaultName : nil) else {
            return ConfigurationFile(text: "", configuration: Configuration())
        }
        // Read through a handle: `contents(atPath:)` gives nothing for a pipe.
        guard let handle = FileHandle(forReadingAtPath: candidate), let data = try? handle.readToEnd() ?? Data() else {
            throw GenerationFailure([Diagnostic("no configuration file at \(candidate)", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw GenerationFailure([Diagnostic("\(candidate) is not UTF-8 text", at: SourcePosition(file: candidate, line: 1, column: 1))])
        }
        return ConfigurationFile(text: text, configuration: try Configuration.parse(text, path: candidate))
    }
}
