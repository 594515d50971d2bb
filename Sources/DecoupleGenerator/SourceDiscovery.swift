import Foundation

// MARK: - SourceDiscovery

/// Finds and reads the Swift files a command names.
public enum SourceDiscovery {
    /// The `.swift` files at the given paths: files as named, folders searched recursively
    /// (skipping hidden folders and build folders), each list sorted so output is deterministic.
    ///
    /// - Parameter excluding: Paths never read as input, such as the output file.
    /// - Throws: ``GenerationFailure`` naming each path that is missing, unreadable, or not Swift.
    public static func sources(at paths: [String], excluding excluded: [String] = []) throws(GenerationFailure) -> [SourceFile] {
        let fileManager = FileManager.default
        let excludedPaths = Set(excluded.map(canonical))
        var files: [String] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Diagnostic("no such file or folder: \(path)", at: nil))
                continue
            }
            if !isDirectory.boolValue {
                if path.hasSuffix(".swift") {
                    files.append(path)
                } else {
                    problems.append(Diagnostic("\(path) is not a Swift file", at: nil))
                }
                continue
            }
            files += swiftFiles(under: path)
        }
        var seen = Set<String>()
        var sources: [SourceFile] = []
        for file in files where !excludedPaths.contains(canonical(file)) && seen.insert(canonical(file)).inserted {
            guard let data = fileManager.contents(atPath: file) else {
                problems.append(Diagnostic("cannot read \(file)", at: nil))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(Diagnostic("\(file) is not UTF-8 text", at: SourcePosition(file: file, line: 1, column: 1)))
                continue
            }
            sources.append(SourceFile(path: file, text: text))
        }
        guard problems.isEmpty else { throw GenerationFailure(problems) }
        return sources
    }

    private static func swiftFiles(under folder: String) -> [String] {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return [] }
        var result: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if name.hasSuffix(".build") || name == "Build" { continue }
                result += swiftFiles(under: path)
            } else if name.hasSuffix(".swift") {
                result.append(path)
            }
        }
        return result
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
