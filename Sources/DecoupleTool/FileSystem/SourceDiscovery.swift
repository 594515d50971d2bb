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

    /// The files a `generate` run reads, found in one walk of the target's own paths and then
    /// the context's, with the same checks and errors as ``sources(at:output:excludedPatterns:)``:
    /// each with its role (a file among both is the target's own), and its text (`readingText`)
    /// or else the digest of its content, its text read when a stage needs it
    /// (``DiscoveredFile/source()``).
    package static func discover(
        own: [String], context: [String], output: String? = nil, excludedPatterns: [PathPattern] = [], readingText: Bool
    ) throws(GenerationFailure) -> [DiscoveredFile] {
        var walk = Walk(excludedPatterns: excludedPatterns)
        for path in own { walk.visit(argument: path) }
        walk.role = .context
        for path in context { walk.visit(argument: path) }
        return try read(walk, output: output) { found, buffer in
            if readingText {
                return FileReader.text(of: found.path).map { text in
                    text.map { Reading(item: DiscoveredFile(path: found.path, role: found.role, text: $0), isGenerated: isGeneratedFile($0)) }
                }
            }
            return FileReader.withContents(of: found.path, in: &buffer) { bytes in
                guard FileReader.isUTF8(bytes) else { return nil }
                var digest = Digest()
                digest.add(bytes: bytes)
                let file = DiscoveredFile(path: found.path, role: found.role, digest: digest.hex)
                return Reading(item: file, isGenerated: isGeneratedFile(bytes: bytes))
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
        return try read(walk, output: output) { found, buffer in reading(found.path, &buffer) }
    }

    /// The files `walk` found read by `reading`, with the walk's problems and the reading's
    /// reported together.
    private static func read<Item>(
        _ walk: Walk, output: String?,
        _ reading: (Found, inout FileReader.ReadBuffer) -> Swift.Result<Reading<Item>?, FileReader.Failure>
    ) throws(GenerationFailure) -> [Item] {
        var outputIdentity: FileStatus.Identity?
        if let output, case .success(let status) = FileStatus.of(output) { outputIdentity = status.identity }
        let files = walk.files
        // On this thread: reading is system calls and copies of small files, which a second
        // thread does not make faster (Benchmarks/README.md, the warm run).
        var buffer = FileReader.ReadBuffer()
        let readings = files.map { reading($0, &buffer) }
        var items: [Item] = []
        var problems = walk.problems
        for (file, reading) in zip(files, readings) {
            let read: Reading<Item>
            switch reading {
            case .success(let found?): read = found
            case .success(nil):
                problems.append(notUTF8(file.path))
                continue
            case .failure(let error):
                problems.append(unreadable(file.path, error))
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

    /// A file found that is not UTF-8 text, at its first line.
    fileprivate static func notUTF8(_ path: String) -> Diagnostic {
        Diagnostic("\(displayPath(path)) is not UTF-8 text", rule: .unreadableInput, at: SourcePosition(file: path, line: 1, column: 1))
    }

    /// A file found that cannot be read, in the system's words.
    fileprivate static func unreadable(_ path: String, _ error: FileReader.Failure) -> Diagnostic {
        Diagnostic("cannot read \(displayPath(path)): \(error)", rule: .unreadableInput, at: nil)
    }

    /// One file to read, and whether the command line named it rather than a folder holding it.
    private struct Found {
        var path: String
        var identity: FileStatus.Identity
        var isNamed: Bool
        var role: DiscoveredFile.Role
    }

    /// The search: folders and files seen by identity, so each is visited once.
    private struct Walk {
        let excludedPatterns: [PathPattern]
        var visitedFolders: Set<FileStatus.Identity> = []
        var seenFiles: Set<FileStatus.Identity> = []
        var files: [Found] = []
        var problems: [Diagnostic] = []
        /// The role of the files the next visits find.
        var role = DiscoveredFile.Role.own

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
            files.append(Found(path: path, identity: identity, isNamed: named, role: role))
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

/// A source file found by ``SourceDiscovery/discover(own:context:output:excludedPatterns:readingText:)``:
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

// MARK: - DiscoveredFile

/// A Swift file a `generate` run reads, found once (``SourceDiscovery/discover(own:context:output:excludedPatterns:readingText:)``):
/// its path, its role, and its text or the digest of its content.
package struct DiscoveredFile: Sendable, Equatable {
    /// Whether the file is the target's own, or read for its declarations only (`--context`).
    package enum Role: Sendable, Equatable {
        case own, context
    }

    package var path: String
    package var role: Role
    /// The text, when discovery read it.
    package var text: String?
    /// The hex ``Digest`` of the file's bytes, when discovery read them for it alone.
    package var digest: String?

    init(path: String, role: Role, text: String? = nil, digest: String? = nil) {
        (self.path, self.role, self.text, self.digest) = (path, role, text, digest)
    }

    /// The file as the generator reads it: its text as discovered, or read now.
    package func source() throws(GenerationFailure) -> SourceFile {
        if let text { return SourceFile(path: path, text: text) }
        switch FileReader.text(of: path) {
        case .success(let text?):
            return SourceFile(path: path, text: text)
        case .success(nil):
            throw GenerationFailure([SourceDiscovery.notUTF8(path)])
        case .failure(let error):
            throw GenerationFailure([SourceDiscovery.unreadable(path, error)])
        }
    }

    /// The file found by the digest of its content, as the scan cache looks it up.
    package var sourceDigest: SourceDigest? {
        digest.map { SourceDigest(path: path, content: $0) }
    }
}
