import Foundation
import Testing

/// The per-file half of `--cache`: each file's scanned declarations, found by its content.
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

    @Test func oneChangedFileAmongMany_isTheOnlyOneScanned_andTheOutputIsTheColdOutput() throws {
        let workspace = try corpus(40)
        let first = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.hasSuffix("wrote Out.swift from 40 source files (40 scanned, 0 from the cache)\n"), "\(first.stderr)")
        #expect(try workspace.scanCacheEntries("cache").count == 40)

        try workspace.write(changed(7), to: "Models/File7.swift")
        let second = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.hasSuffix("wrote Out.swift from 40 source files (1 scanned, 39 from the cache)\n"), "\(second.stderr)")
        let output = try workspace.read("Out.swift")
        #expect(output.contains("extension G7_Model0: Decouple.TitledContent"))
        #expect(!output.contains("F7_Model0"))
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
        // The changed file's new scan is kept beside the old one's, which no key names any more.
        #expect(try workspace.scanCacheEntries("cache").count == 41)
    }

    @Test func damagedOrPlantedFileEntries_areIgnored_rescanned_andReplaced() throws {
        let workspace = try corpus(3)
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").status == 0)
        let cold = try coldOutput(workspace)
        let entries = try workspace.scanCacheEntries("cache")
        #expect(entries.count == 3)
        let entry = "cache/files/\(entries[0])"
        let valid = try workspace.read(entry)
        // Another file's entry: valid in itself, but written for another key.
        let planted = try workspace.read("cache/files/\(entries[1])")
        let body = valid[valid.index(after: valid.firstIndex(of: "\n")!)...]
        let damaged: [(String, String)] = [
            ("truncated", String(valid.prefix(valid.count / 2))),
            ("garbage", "\u{0}\u{1}garbage\n"),
            ("empty", ""),
            ("no header", String(body)),
            ("edited body", valid.replacingOccurrences(of: "Model0", with: "Model9")),
            ("planted", planted),
        ]
        for (what, text) in damaged {
            try workspace.write(text, to: entry)
            // Without the whole-output entry, so the run must use the per-file ones, and without
            // the output, so the run writes it and says how.
            for output in try workspace.outputCacheEntries("cache").map({ "cache/\($0)" }) + ["Out.swift"] {
                try FileManager.default.removeItem(at: workspace.url.appendingPathComponent(output))
            }
            let run = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
            #expect(run.status == 0, "\(what): \(run.stderr)")
            #expect(run.stderr.contains("(1 scanned, 2 from the cache)"), "\(what): \(run.stderr)")
            #expect(try bytes(workspace, "Out.swift") == cold, "\(what): served from a bad entry")
            #expect(try workspace.read(entry) == valid, "\(what): the entry was not replaced")
        }
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
        #expect(run.stderr.hasSuffix("(1 scanned, 4 from the cache)\n"), "\(run.stderr)")
        #expect(try workspace.read("Out.swift").contains("extension G2_Model0: Decouple.TitledContent"))
        #expect(try bytes(workspace, "Out.swift") == coldOutput(workspace))
    }

    /// Every shape the scanner records (`#if` branches, methods, generics, annotations with
    /// defaults, extensions in other files, keywords as names) survives its cache entry: a run
    /// that reads every file from the cache writes what a cold run writes.
    @Test func everyScannedShape_readFromTheCache_givesTheColdOutput() throws {
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
        #expect(second.stderr.contains(" scanned, 7 from the cache)"), "\(second.stderr)")
        #expect(try bytes(workspace, "Out.swift") == bytes(workspace, "Cold.swift"))
    }
}
