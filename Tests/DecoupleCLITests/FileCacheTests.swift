import Foundation
import Testing
@testable import DecoupleTool

/// The per-file half of `--cache`: each file's declaration digest, found by its content.
@Suite struct FileCacheTests {
    /// `count` model files under Models/, two models each, half of them annotated.
    private func corpus(_ count: Int) throws -> Workspace {
        let workspace = try Workspace()
        for file in 0..<count {
            try workspace.write(LargeInputTests.models(2, prefix: "F\(file)_"), to: "Models/File\(file).swift")
        }
        return workspace
    }

    /// The same file with its models renamed `G…`: the same size, a different output.
    private func changed(_ file: Int) -> String {
        LargeInputTests.models(2, prefix: "G\(file)_")
    }

    private func bytes(_ workspace: Workspace, _ path: String) throws -> Data {
        try Data(contentsOf: workspace.url.appendingPathComponent(path))
    }

    /// Generates without any cache into Cold.swift, for the cached runs to be compared with.
    private func coldOutput(_ workspace: Workspace) throws -> Data {
        let cold = try workspace.run("generate", "Models", "--output", "Cold.swift")
        #expect(cold.status == 0, "\(cold.stderr)")
        return try bytes(workspace, "Cold.swift")
    }

    @Test func oneChangedFile_changesTheIndex_andTheOutputIsTheColdOutput() throws {
        let workspace = try corpus(40)
        let first = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.hasSuffix("wrote Out.swift from 40 source files\n"), "\(first.stderr)")
        let entries = try workspace.scanCacheEntries("cache")
        #expect(entries.count == 40)

        try workspace.write(changed(7), to: "Models/File7.swift")
        let second = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.hasSuffix("wrote Out.swift from 40 source files\n"), "\(second.stderr)")
        #expect(try workspace.scanCacheEntries("cache") != entries, "the changed file's key")
        let output = try workspace.read("Out.swift")
        #expect(output.contains("extension G7_Model0: Decouple.TitledContent"))
        #expect(!output.contains("F7_Model0"))
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
        // The index keeps the files of the last run: the changed file's old key is gone.
        #expect(try workspace.scanCacheEntries("cache").count == 40)
    }

    @Test func contentChangedWithTheSameSizeAndModificationTime_isScannedAgain() throws {
        let workspace = try corpus(5)
        let path = workspace.url.appendingPathComponent("Models/File2.swift").path
        // A whole second, which every file system stores exactly.
        let stamp = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").status == 0)
        let before = try FileManager.default.attributesOfItem(atPath: path)
        #expect(before[.modificationDate] as? Date == stamp)

        let replacement = changed(2)
        #expect(replacement.utf8.count == (before[.size] as? Int))
        try workspace.write(replacement, to: "Models/File2.swift")
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.modificationDate] as? Date == stamp)
        #expect(after[.size] as? Int == before[.size] as? Int)

        let run = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote Out.swift from 5 source files\n"), "\(run.stderr)")
        #expect(try workspace.read("Out.swift").contains("extension G2_Model0: Decouple.TitledContent"))
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
    }

    /// Every shape the scanner records (`#if` branches, methods, generics, annotations with
    /// defaults, extensions in other files, keywords as names): a run whose files the index
    /// knows, without its output entry, writes what a cold run writes.
    @Test func everyScannedShape_withTheIndex_givesTheColdOutput() throws {
        let workspace = try Workspace(copying: "Tests/Fixtures/Coverage")
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Generated.swift"))
        let cold = try workspace.run("generate", ".", "--output", "Cold.swift")
        #expect(cold.status == 0, "\(cold.stderr)")
        let first = try workspace.run("generate", ".", "--exclude", "Cold.swift", "--cache", "cache", "--output", "Out.swift")
        #expect(first.status == 0, "\(first.stderr)")
        for output in try workspace.outputCacheEntries("cache").map({ "cache/\($0)" }) + ["Out.swift"] {
            try FileManager.default.removeItem(at: workspace.url.appendingPathComponent(output))
        }
        let second = try workspace.run("generate", ".", "--exclude", "Cold.swift", "--cache", "cache", "--output", "Out.swift")
        #expect(second.status == 0, "\(second.stderr)")
        // Every model source of the fixture (its generated file was removed above).
        let sources = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).filter { $0.hasSuffix(".swift") && $0 != "Cold.swift" && $0 != "Out.swift" }
        #expect(sources.count >= 8)
        #expect(second.stderr.hasSuffix("wrote Out.swift from \(sources.count) source files\n"), "\(second.stderr)")
        #expect(try bytes(workspace, "Out.swift") == bytes(workspace, "Cold.swift"))
    }

    // MARK: Files that change without changing what they declare

    private func remove(_ workspace: Workspace, _ paths: [String]) throws {
        for path in paths { try FileManager.default.removeItem(at: workspace.url.appendingPathComponent(path)) }
    }

    /// A comment, a blank line or a function body changes, and every declaration after it moves
    /// down: the output is the one the cache holds for those declarations, not generated again;
    /// a changed declaration is generated again.
    @Test func aChangeOutsideDeclarations_reusesTheOutput_whileADeclarationChangeRegenerates() throws {
        let workspace = try corpus(40)
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").status == 0)
        let before = try bytes(workspace, "Out.swift")

        let original = try workspace.read("Models/File7.swift")
        try workspace.write("// Edited: a comment and a blank line move every declaration down.\n\n" + original, to: "Models/File7.swift")
        try remove(workspace, ["Out.swift"])
        let moved = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr == "wrote Out.swift from the cache (40 source files, 1 scanned: the same declarations)\n")
        #expect(try bytes(workspace, "Out.swift") == before)
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))

        // A member's type changes: a declaration, so the output is generated again.
        try workspace.write(original.replacingOccurrences(of: "public var detail: String?", with: "public var detail: Int?"), to: "Models/File7.swift")
        let changedMember = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(changedMember.status == 0, "\(changedMember.stderr)")
        #expect(changedMember.stderr == "wrote Out.swift from 40 source files\n")
        #expect(try bytes(workspace, "Out.swift") != before)
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
    }

    /// A file that does not parse is never stood for by cached output: its warning is printed on
    /// every run, at the line where the problem now is.
    @Test func aFileWithProblems_isReportedFreshOnEveryRun_atItsCurrentLine() throws {
        let workspace = try corpus(3)
        try workspace.write("struct Broken {\n", to: "Models/Broken.swift")
        let first = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Models/Broken.swift:1:16: warning:"), "\(first.stderr)")

        try workspace.write("// moved down\nstruct Broken {\n", to: "Models/Broken.swift")
        let second = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("Models/Broken.swift:2:16: warning:"), "\(second.stderr)")
        #expect(!second.stderr.contains("from the cache ("), "\(second.stderr)")

        // The broken file stays as it is; another file changes where nothing is declared.
        try workspace.write("// edited\n" + workspace.read("Models/File1.swift"), to: "Models/File1.swift")
        try remove(workspace, ["Out.swift"])
        let third = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stderr.contains("Models/Broken.swift:2:16: warning:"), "\(third.stderr)")
        #expect(!third.stderr.contains("from the cache ("), "\(third.stderr)")
    }

    /// Annotations are declarations: a changed `// decouple:` comment generates again.
    @Test func aChangedAnnotation_generatesAgain() throws {
        let workspace = try corpus(3)
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").status == 0)
        let original = try workspace.read("Models/File1.swift")
        let edited = original.replacingOccurrences(of: "subtitle: detail ?? \"-\"", with: "subtitle: detail ?? \"none\"")
        #expect(edited != original)
        try workspace.write(edited, to: "Models/File1.swift")
        let run = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(run.stderr == "wrote Out.swift from 3 source files\n")
        #expect(try workspace.read("Out.swift").contains(#"?? "none""#))
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
    }

    /// The order of the paths given is part of the key: which of two namesakes wins depends on
    /// it, so the same files in another order are generated, not served.
    @Test func theSameSourcesInAnotherOrder_areGeneratedAgain() throws {
        let workspace = try Workspace()
        try workspace.write(LargeInputTests.models(2, prefix: "A"), to: "A/Models.swift")
        try workspace.write(LargeInputTests.models(2, prefix: "B"), to: "B/Models.swift")
        #expect(try workspace.run("generate", "A", "B", "--cache", "cache", "--output", "Out.swift").status == 0)
        try remove(workspace, ["Out.swift"])
        let swapped = try workspace.run("generate", "B", "A", "--cache", "cache", "--output", "Out.swift")
        #expect(swapped.status == 0, "\(swapped.stderr)")
        #expect(swapped.stderr == "wrote Out.swift from 2 source files\n")
        let uncached = try workspace.run("generate", "B", "A", "--exclude", "Out.swift", "--output", "Cold.swift")
        #expect(uncached.status == 0, "\(uncached.stderr)")
        #expect(try bytes(workspace, "Out.swift") == bytes(workspace, "Cold.swift"))
    }

    /// The index of what files declare is a cache entry like the others: damaged, it is a miss
    /// (every file is scanned to digest it) and it is written again.
    @Test func aDamagedDeclarationIndex_isAMiss_andIsRewritten() throws {
        let workspace = try corpus(5)
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").status == 0)
        let before = try bytes(workspace, "Out.swift")
        let index = try workspace.scanCacheFile("cache", ending: ".index")
        let valid = try workspace.read(index)
        for (what, damage) in [("garbage", "\u{0}garbage\n"), ("edited", valid.replacingOccurrences(of: "a", with: "b")), ("empty", "")] {
            try workspace.write(damage, to: index)
            let original = try workspace.read("Models/File2.swift")
            try workspace.write("// \(what)\n" + original, to: "Models/File2.swift")
            try remove(workspace, ["Out.swift"])
            let run = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
            #expect(run.status == 0, "\(what): \(run.stderr)")
            #expect(run.stderr == "wrote Out.swift from the cache (5 source files, 5 scanned: the same declarations)\n", "\(what)")
            #expect(try bytes(workspace, "Out.swift") == before, "\(what)")
            #expect(try workspace.read(index).hasPrefix("{\"format\":\"decouple-cache\",\"key\":"), "\(what): the index was not written again")
        }
    }

    /// What the output cache relies on: lines and columns never change the output. Every file
    /// of a fixture gets a comment on top and each blank line doubled, so every declaration
    /// moves; a run without any cache writes what it wrote before, and a cached run (for the
    /// Coverage fixture, whose files all parse) serves it.
    @Test(arguments: ["Tests/Fixtures/Coverage", "Tests/Fixtures/AppTree"])
    func movingEveryDeclaration_changesNoOutput_soTheCacheMayServeIt(folder: String) throws {
        let workspace = try Workspace(copying: folder)
        let first = try workspace.run("generate", ".", "--cache", "cache", "--output", "Out.swift")
        #expect(first.status == 0, "\(first.stderr)")
        let before = try bytes(workspace, "Out.swift")

        let sources = try FileManager.default.subpathsOfDirectory(atPath: workspace.url.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("cache") && $0 != "Out.swift" && !$0.hasSuffix("Generated.swift") }
        #expect(sources.count >= 7)
        for path in sources {
            let text = try workspace.read(path)
            try workspace.write("// Moved down.\n\n" + text.replacingOccurrences(of: "\n\n", with: "\n\n\n"), to: path)
        }
        let cold = try workspace.run("generate", ".", "--exclude", "Out.swift", "--output", "Cold.swift")
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(try bytes(workspace, "Cold.swift") == before)

        try remove(workspace, ["Out.swift", "Cold.swift"])
        let cached = try workspace.run("generate", ".", "--cache", "cache", "--output", "Out.swift")
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(try bytes(workspace, "Out.swift") == before)
        if folder.hasSuffix("Coverage") {
            #expect(cached.stderr.contains(" scanned: the same declarations)"), "\(cached.stderr)")
        }
    }

    /// A cache folder used for months holds a few outputs, not one per edit: the eight written
    /// or read last. Each configuration below is another key (its text differs by spaces).
    @Test func outputEntries_keepTheEightUsedLast() throws {
        let workspace = try corpus(3)
        try workspace.write("not an entry", to: "cache/notes.output")
        func run(_ variant: Int) throws -> String {
            // Modification times are coarse (a few milliseconds): every entry so far is made a
            // second older first, so that what this run writes or reads is the latest by far.
            let folder = workspace.url.appendingPathComponent("cache")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let path = folder.appendingPathComponent(name).path
                let modified = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
                try FileManager.default.setAttributes([.modificationDate: modified.addingTimeInterval(-1)], ofItemAtPath: path)
            }
            try workspace.write(#"{"adapters": []}"# + String(repeating: " ", count: variant), to: "c\(variant).json")
            try? FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Out.swift"))   // so the run says where it came from
            let result = try workspace.run("generate", "Models", "--config", "c\(variant).json", "--cache", "cache", "--output", "Out.swift")
            #expect(result.status == 0, "\(result.stderr)")
            return result.stderr
        }
        func entries() throws -> Int { try workspace.outputCacheEntries("cache").filter { $0 != "notes.output" }.count }
        for variant in 0..<8 { _ = try run(variant) }
        #expect(try entries() == 8)
        #expect(try run(0).hasPrefix("wrote Out.swift from the cache"))   // read: now the latest used
        #expect(try !run(8).hasPrefix("wrote Out.swift from the cache"))  // a ninth: the one used least recently goes
        #expect(try entries() == 8)
        #expect(try run(0).hasPrefix("wrote Out.swift from the cache"))
        #expect(try !run(1).hasPrefix("wrote Out.swift from the cache"), "variant 1 was used least recently, so it went")
        #expect(try entries() == 8)
        #expect(try workspace.read("cache/notes.output") == "not an entry", "only entries are removed")
    }

    /// A cache folder inside the folder being read holds no Swift source: its cached outputs
    /// are never read back as input (they were, and the adapters then clashed with themselves).
    @Test func aCacheFolderAmongTheSources_isNeverReadAsSource() throws {
        let workspace = try corpus(3)
        // Not a dot folder: discovery skips those anyway.
        for _ in 0..<2 {
            let run = try workspace.run("generate", "Models", "--cache", "Models/cache", "--output", "Out.swift")
            #expect(run.status == 0, "\(run.stderr)")
        }
        try workspace.write("// edited\n" + workspace.read("Models/File1.swift"), to: "Models/File1.swift")
        try remove(workspace, ["Out.swift"])
        let third = try workspace.run("generate", "Models", "--cache", "Models/cache", "--output", "Out.swift")
        #expect(third.stderr == "wrote Out.swift from the cache (3 source files, 1 scanned: the same declarations)\n")
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
    }
}
