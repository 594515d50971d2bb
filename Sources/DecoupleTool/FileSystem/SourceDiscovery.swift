import DecoupleGenerator
import Foundation

// MARK: - SourceDiscovery

/// Finds and reads the Swift files a command names.
package enum SourceDiscovery {
    /// The `.swift` files at the given paths: files as named, folders searched recursively
    /// (skipping hidden files and folders, such as `.build`, as SwiftPM does; a folder named `Build`
    /// is read, since SwiftPM compiles it), each list sorted so output is deterministic.
    ///
    /// Every real folder is visited once and every file read once, however many symbolic links
    /// or spellings lead to it, so a link back to a parent folder is no loop and no duplicate.
    /// Links that lead nowhere, or round in a circle, inside a folder are skipped; named on the
    /// command line they are errors.
    ///
    /// - Parameters:
    ///   - output: The file the run will write. A file found there that this tool generated is
    ///     not read; any other file there is an input the run would overwrite, which is refused.
    ///   - excludedPatterns: Glob patterns (``PathPattern``); matching files and folders are
    ///     not read.
    /// - Throws: ``GenerationFailure`` naming each path that is missing, unreadable, or not Swift.
    package static func sources(
        at paths: [String], output: String? = nil, excludedPatterns: [PathPattern] = []
    ) throws(GenerationFailure) -> [SourceFile] {
        try read(at: paths, output: output, excludedPatterns: excludedPatterns) { path, _ in
            FileReader.text(of: path).map { text in
                text.map { Reading(item: SourceFile(path: path, text: $0), isGenerated: isGeneratedFile($0)) }
            }
        }
    }

    /// The same files as ``sources(at:output:excludedPatterns:)``, with the same
    /// checks and errors, each kept as the digest of its content instead of its text.
    ///
    /// For a run that may need no text at all: one whose output is cached reads each file into
    /// one reused buffer to digest it, where a string per file is fresh memory, a page fault per
    /// 4 kB of source.
    package static func digests(
        at paths: [String], output: String? = nil, excludedPatterns: [PathPattern] = []
    ) throws(GenerationFailure) -> [SourceDigest] {
        try read(at: paths, output: output, excludedPatterns: excludedPatterns) { path, buffer in
            FileReader.withContents(of: path, in: &buffer) { bytes in
                guard FileReader.isUTF8(bytes) else { return nil }
                var digest = Digest()
                digest.add(bytes: bytes)
                return Reading(item: SourceDigest(path: path, content: digest.hex), isGenerated: isGeneratedFile(bytes: bytes))
            }
        }
    }

    /// Where the files an exclude pattern left out declare the given names (a type, protocol or
    /// typealias, by its last component), and the pattern that left each out: for the error
    /// that says a model or protocol is unknown, so that it names the file it is in. Walks the
    /// paths again without the patterns, and reads only the files they exclude; called when a
    /// run has already failed.
    package static func excludedDeclarations(
        of names: Set<String>, at paths: [String], excludedPatterns: [PathPattern]
    ) -> [String: [(position: SourcePosition, pattern: String)]] {
        guard !names.isEmpty, !excludedPatterns.isEmpty else { return [:] }
        let lastComponents = Dictionary(grouping: names) { String($0.split(separator: ".").last ?? Substring($0)) }
        var walk = Walk(excludedPatterns: [])
        for path in paths { walk.visit(argument: path) }
        var found: [String: [(position: SourcePosition, pattern: String)]] = [:]
        for file in walk.files {
            // The file, or the nearest folder above it, that a pattern matches.
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            let prefixes = (1...parts.count).map { parts.prefix($0).joined(separator: "/") }
            guard let pattern = prefixes.lazy.compactMap({ prefix in excludedPatterns.first { $0.matches(prefix) } }).first,
                  case .success(let text?) = FileReader.text(of: file.path) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                for (index, word) in words.enumerated().dropLast()
                where ["struct", "class", "enum", "actor", "protocol", "typealias"].contains(word) {
                    for name in lastComponents[String(words[index + 1])] ?? [] {
                        let column = line.distance(from: line.startIndex, to: words[index].startIndex) + 1
                        found[name, default: []].append((SourcePosition(file: file.path, line: number + 1, column: column), pattern.description))
                    }
                }
            }
        }
        return found
    }

    /// A file read: what the caller keeps of it, and whether it is a file this tool generated.
    private struct Reading<Item> {
        var item: Item
        var isGenerated: Bool
    }

    /// The walk, then every file found read by `reading` (`nil` when it is not UTF-8), with a
    /// buffer for it to read into if it likes, and the problems of both reported together.
    private static func read<Item>(
        at paths: [String], output: String?, excludedPatterns: [PathPattern],
        _ reading: (String, inout FileReader.ReadBuffer) -> Swift.Result<Reading<Item>?, FileReader.Failure>
    ) throws(GenerationFailure) -> [Item] {
        var walk = Walk(excludedPatterns: excludedPatterns)
        for path in paths { walk.visit(argument: path) }

        var outputIdentity: FileStatus.Identity?
        if let output, case .success(let status) = FileStatus.of(output) { outputIdentity = status.identity }
        let files = walk.files
        // On this thread: reading is system calls and copies of small files, which a second
        // thread does not make faster (Benchmarks/README.md, the warm run).
        var buffer = FileReader.ReadBuffer()
        let readings = files.map { reading($0.path, &buffer) }
        var items: [Item] = []
        var problems = walk.problems
        for (file, reading) in zip(files, readings) {
            let read: Reading<Item>
            switch reading {
            case .success(let found?): read = found
            case .success(nil):
                problems.append(Diagnostic("\(displayPath(file.path)) is not UTF-8 text", rule: .unreadableInput, at: SourcePosition(file: file.path, line: 1, column: 1)))
                continue
            case .failure(let error):
                problems.append(Diagnostic("cannot read \(displayPath(file.path)): \(error)", rule: .unreadableInput, at: nil))
                continue
            }
            if file.identity == outputIdentity, let output {
                // Previous output in a folder that is read is expected; anything else would be lost.
                if file.isNamed || !read.isGenerated {
                    problems.append(Diagnostic(
                        "refusing to write the output \(displayPath(output)): it is the input source \(displayPath(file.path)), which would be overwritten",
                        rule: .outputOverwritesInput, at: nil))
                }
                continue
            }
            items.append(read.item)
        }
        guard problems.isEmpty else { throw GenerationFailure(problems) }
        return items
    }

    /// One file to read, and whether the command line named it rather than a folder holding it.
    private struct Found {
        var path: String
        var identity: FileStatus.Identity
        var isNamed: Bool
    }

    /// The search: folders and files seen by identity, so each is visited once.
    private struct Walk {
        let excludedPatterns: [PathPattern]
        var visitedFolders: Set<FileStatus.Identity> = []
        var seenFiles: Set<FileStatus.Identity> = []
        var files: [Found] = []
        var problems: [Diagnostic] = []

        init(excludedPatterns: [PathPattern]) { self.excludedPatterns = excludedPatterns }

        mutating func visit(argument path: String) {
            switch FileStatus.of(path) {
            case .failure(let error):
                problems.append(Diagnostic(Self.describe(error, at: path), rule: .unreadableInput, at: nil))
            case .success(let status) where status.kind == .directory:
                search(folder: path, identity: status.identity)
            case .success(let status) where status.kind == .regular:
                if path.hasSuffix(".swift") {
                    add(path, status.identity, named: true)
                } else {
                    problems.append(Diagnostic("\(displayPath(path)) is not a Swift file", rule: .unreadableInput, at: nil))
                }
            case .success(let status):
                problems.append(Diagnostic("\(displayPath(path)) is \(status.kind.rawValue), not a Swift file or a folder", rule: .unreadableInput, at: nil))
            }
        }

        static func describe(_ error: SystemError, at path: String) -> String {
            if error.isLinkLoop {
                return "\(displayPath(path)) is a symbolic link loop: following it never reaches a file (\(error))"
            }
            if error.isMissing {
                if case .success(let link) = FileStatus.of(path, followingLinks: false), link.kind == .symbolicLink {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                    return "\(displayPath(path)) is a symbolic link to \(displayPath(target)), which does not exist"
                }
                return "no such file or folder: \(displayPath(path))"
            }
            return "cannot read \(displayPath(path)): \(error)"
        }

        /// Why the folder at `path` cannot be listed, in the system's words.
        private static func listingError(_ path: String) -> SystemError {
            guard let folder = opendir(path) else { return SystemError(code: errno) }
            closedir(folder)
            return SystemError(code: EIO)
        }

        private mutating func add(_ path: String, _ identity: FileStatus.Identity, named: Bool) {
            guard seenFiles.insert(identity).inserted else { return }
            files.append(Found(path: path, identity: identity, isNamed: named))
        }

        /// Depth first, in name order, without recursion: a work list of paths still to visit.
        private mutating func search(folder root: String, identity: FileStatus.Identity) {
            guard visitedFolders.insert(identity).inserted else { return }
            var pending: [(path: String, isFolder: Bool, identity: FileStatus.Identity)] = [(root, true, identity)]
            while let item = pending.popLast() {
                guard item.isFolder else {
                    add(item.path, item.identity, named: false)
                    continue
                }
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: item.path) else {
                    // A folder that cannot be listed is an error, as an unreadable file is: its
                    // files would otherwise be missing from the output without a word.
                    problems.append(Diagnostic(Self.describe(Self.listingError(item.path), at: item.path), rule: .unreadableInput, at: nil))
                    continue
                }
                var children: [(path: String, isFolder: Bool, identity: FileStatus.Identity)] = []
                for name in names.sorted() where !name.hasPrefix(".") {
                    let path = item.path == "." ? name : item.path.hasSuffix("/") ? item.path + name : item.path + "/" + name
                    // A link that leads nowhere or in a circle inside a folder is no input: skip it.
                    guard case .success(let status) = FileStatus.of(path) else { continue }
                    if excludedPatterns.contains(where: { $0.matches(path) }) { continue }
                    switch status.kind {
                    case .directory:
                        if visitedFolders.insert(status.identity).inserted { children.append((path, true, status.identity)) }
                    case .regular where name.hasSuffix(".swift"):
                        children.append((path, false, status.identity))
                    default:
                        continue
                    }
                }
                pending += children.reversed()
            }
        }
    }
}

// MARK: - SourceDigest

/// A source file found by ``SourceDiscovery/digests(at:output:excludedPatterns:)``:
/// its path, and the digest of its content rather than its text.
package struct SourceDigest: Sendable, Equatable {
    /// The path to show in diagnostics.
    package var path: String
    /// The hex ``Digest`` of the file's bytes: `Digest.of(text)` of its text.
    package var content: String

    package init(path: String, content: String) {
        self.path = path
        self.content = content
    }
}
