import Foundation
import Testing
@testable import DecoupleTool

/// The tool under hostile input: each class of misuse ends in exit 2 and a message that names
/// the problem and where it is, and leaves every input and the output byte for byte as they were,
/// modification times included.
@Suite struct HostileInputTests {
    private static let models = SampleInput.models
    private static let config = SampleInput.config

    /// A workspace with one model and its configuration.
    private func workspace() throws -> Workspace {
        try Workspace(["Models/A.swift": Self.models, "decouple.json": Self.config])
    }

    /// Every regular file under the workspace: its bytes and modification time.
    private func snapshot(_ workspace: Workspace) throws -> [String: (Data, Date?)] {
        var result: [String: (Data, Date?)] = [:]
        let root = workspace.url.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
        for case let path as String in walker {
            let full = root + "/" + path
            guard try FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType == .typeRegular else { continue }
            result[path] = (try Data(contentsOf: URL(fileURLWithPath: full)), try workspace.modificationDate(path))
        }
        return result
    }

    /// Runs the tool, expects exit 2 and `message` in its error output, and checks that no file
    /// in the workspace changed, appeared or vanished.
    private func expectRefused(
        _ workspace: Workspace, _ arguments: [String], saying message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectNothingWritten(workspace, arguments, status: 2, saying: message, sourceLocation: sourceLocation)
    }

    /// Runs the tool, expects `status` and `message` in its error output, and checks that no file
    /// in the workspace changed, appeared or vanished.
    private func expectNothingWritten(
        _ workspace: Workspace, _ arguments: [String], status: Int32, saying message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try workspace.backdate()
        let before = try snapshot(workspace)
        let run = try runTool(arguments, in: workspace.url)
        #expect(run.status == status, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        let after = try snapshot(workspace)
        #expect(Set(after.keys) == Set(before.keys), "files appeared or vanished: \(Set(after.keys).symmetricDifference(before.keys))", sourceLocation: sourceLocation)
        for (path, (data, date)) in before {
            #expect(after[path]?.0 == data, "\(path) changed", sourceLocation: sourceLocation)
            #expect(after[path]?.1 == date, "\(path) was touched", sourceLocation: sourceLocation)
        }
    }

    /// Runs the tool where file permissions bind it: as `nobody` through `setpriv` when the tests
    /// run as root (CI does), for whom permissions do not; `nil`, with the test failed, when
    /// that cannot be done.
    private func runUnprivileged(_ arguments: [String], in workspace: Workspace) throws -> ToolRun? {
        guard getuid() == 0 else { return try runTool(arguments, in: workspace.url) }
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        guard FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            Issue.record("running as root without /usr/bin/setpriv: cannot make a permission refuse the tool")
            return nil
        }
        return try ProcessRun(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", toolURL.path] + arguments, in: workspace.url)
    }

    private func link(_ workspace: Workspace, _ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: workspace.url.appendingPathComponent(name).path, withDestinationPath: destination)
    }

    // MARK: Issue 15, item 1: the output is never an input

    @Test func outputNamingAnInputSource_isRefused_howeverSpelled() throws {
        let workspace = try workspace()
        try link(workspace, "Link.swift", to: "Models/A.swift")
        try FileManager.default.linkItem(atPath: workspace.url.appendingPathComponent("Models/A.swift").path, toPath: workspace.url.appendingPathComponent("Hard.swift").path)
        // With a cache, sources are first digested rather than read as text: the same checks.
        for cache in [[], ["--cache", ".cache"]] {
            for output in ["Models/A.swift", "Models/../Models/A.swift", "./Models/A.swift", workspace.url.path + "/Models/A.swift", "Link.swift", "Hard.swift"] {
                try expectRefused(workspace, ["generate", "Models", "--output", output] + cache, saying: "refusing to write the output \(output): it is the input source Models/A.swift")
            }
            // Named as an input file, too, and even when that file carries the generated header.
            try expectRefused(workspace, ["generate", "Models/A.swift", "--output", "Link.swift"] + cache, saying: "it is the input source Models/A.swift")
        }
    }

    @Test func outputNamingTheConfiguration_isRefused() throws {
        let workspace = try workspace()
        try link(workspace, "config-link.json", to: "decouple.json")
        for output in ["decouple.json", "Models/../decouple.json", "config-link.json"] {
            try expectRefused(workspace, ["generate", "Models", "--output", output], saying: "refusing to write the output \(output): it is the configuration file decouple.json")
        }
        try expectRefused(
            workspace, ["generate", "Models", "--config", "config-link.json", "--output", "decouple.json"],
            saying: "it is the configuration file config-link.json")
    }

    @Test func previousOutputInsideAnInputFolder_isStillRegenerated() throws {
        let workspace = try workspace()
        #expect(try workspace.run("generate", "Models", "--output", "Models/Generated.swift").status == 0)
        let again = try workspace.run("generate", "Models", "--output", "Models/Generated.swift")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "Models/Generated.swift is up to date\n")
        // Through the cache: filling it, then served from it, the previous output is not a source.
        for _ in 0..<2 {
            let cached = try workspace.run("generate", "Models", "--output", "Models/Generated.swift", "--cache", ".cache")
            #expect(cached.status == 0, "\(cached.stderr)")
            #expect(cached.stderr == "Models/Generated.swift is up to date\n")
        }
    }

    // MARK: Item 2: links and special files as output

    @Test func symlinkedOutput_isWrittenThroughToItsTarget_andTheLinkStays() throws {
        let workspace = try workspace()
        try workspace.write("stale\n", to: "Real/Out.swift")
        try link(workspace, "Out.swift", to: "Real/Out.swift")
        let run = try workspace.run("generate", "Models", "--output", "Out.swift")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try workspace.read("Real/Out.swift").hasPrefix("// Generated by decouple. Do not edit.\n"))
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: workspace.url.appendingPathComponent("Out.swift").path)
        #expect(destination == "Real/Out.swift")
        // No temporary file is left beside the target.
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent("Real").path) == ["Out.swift"])
    }

    /// A relative link is read from the folder it is in, not the current one: `Sub/Out.swift`
    /// linking to `Real.swift` names `Sub/Real.swift`, and `Real.swift` here is left alone.
    @Test func relativeSymlinkInASubfolder_isResolvedFromItsOwnFolder() throws {
        let workspace = try workspace()
        try workspace.write("stale\n", to: "Sub/Real.swift")
        try workspace.write("stale\n", to: "Up/Real.swift")
        try workspace.write("not the target\n", to: "Real.swift")
        try link(workspace, "Sub/Out.swift", to: "Real.swift")
        try link(workspace, "Sub/Up.swift", to: "../Up/Real.swift")
        for output in ["Sub/Out.swift", "Sub/Up.swift"] {
            let run = try workspace.run("generate", "Models", "--output", output)
            #expect(run.status == 0, "\(output): \(run.stderr)")
        }
        #expect(try workspace.read("Sub/Real.swift").hasPrefix("// Generated by decouple. Do not edit.\n"))
        #expect(try workspace.read("Up/Real.swift").hasPrefix("// Generated by decouple. Do not edit.\n"))
        #expect(try workspace.read("Real.swift") == "not the target\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.url.appendingPathComponent("Sub/Out.swift").path) == "Real.swift")
    }

    @Test func specialFilesAsOutput_areRefusedWithoutBlocking() throws {
        let workspace = try workspace()
        let fifo = workspace.url.appendingPathComponent("fifo.swift").path
        #expect(mkfifo(fifo, 0o644) == 0)
        try expectRefused(workspace, ["generate", "Models", "--output", "fifo.swift"], saying: "refusing to write fifo.swift: it is a FIFO, not a regular file")
        try expectRefused(workspace, ["generate", "Models", "--output", "fifo.swift", "--check"], saying: "it is a FIFO")
        try expectRefused(workspace, ["generate", "Models", "--output", "/dev/null"], saying: "refusing to write /dev/null: it is a character device")
        try expectRefused(workspace, ["generate", "Models", "--output", "Models"], saying: "refusing to write Models: it is a folder")
        try link(workspace, "loop.swift", to: "loop.swift")
        try expectRefused(workspace, ["generate", "Models", "--output", "loop.swift"], saying: "loop.swift")
    }

    @Test func failedWrite_leavesNoTemporaryFile() throws {
        let workspace = try workspace()
        try workspace.write("old\n", to: "Locked/Out.swift")
        let folder = workspace.url.appendingPathComponent("Locked").path
        #expect(chmod(folder, 0o555) == 0)
        defer { chmod(folder, 0o755) }
        guard let run = try runUnprivileged(["generate", "Models", "--output", "Locked/Out.swift"], in: workspace) else { return }
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write Locked/Out.swift"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Out.swift"])
        #expect(try workspace.read("Locked/Out.swift") == "old\n")
    }

    /// A write that fails after the temporary file was opened: with a file size limit of 0, and
    /// SIGXFSZ ignored, `write` fails with EFBIG. The temporary file is removed, and the old
    /// output stays as it was.
    @Test func writeFailingAfterTheTemporaryFileWasOpened_removesIt() throws {
        let workspace = try workspace()
        try workspace.write("old\n", to: "Out/Out.swift")
        let run = try ProcessRun(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 0 && trap '' XFSZ && exec \"$0\" generate Models --output Out/Out.swift", toolURL.path],
            in: workspace.url)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "decouple: error: cannot write Out/Out.swift: File too large [#UnwritableOutput]\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent("Out").path) == ["Out.swift"])
        #expect(try workspace.read("Out/Out.swift") == "old\n")
    }

    // MARK: Items 4 and 12: links in the sources

    @Test func folderLinkingToItself_isReadOnce_withoutFalseDuplicates() throws {
        let workspace = try workspace()
        try link(workspace, "Models/Self", to: ".")
        try link(workspace, "Models/Again", to: "../Models")
        try link(workspace, "Models/B.swift", to: "A.swift")
        let run = try workspace.run("generate", "Models", "Models/Self", "--output", "Out.swift")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "wrote Out.swift from 1 source file\n")
    }

    @Test func linkLoopsAndMissingTargets_areNamedPrecisely() throws {
        let workspace = try workspace()
        try link(workspace, "loop1", to: "loop2")
        try link(workspace, "loop2", to: "loop1")
        try link(workspace, "dangling.swift", to: "Nowhere.swift")
        try link(workspace, "Models/InnerLoop", to: "InnerLoop")  // inside a folder: skipped, not an error
        try link(workspace, "Models/Dangling.swift", to: "Nowhere.swift")
        try expectRefused(workspace, ["generate", "loop1"], saying: "decouple: error: loop1 is a symbolic link loop")
        try expectRefused(workspace, ["generate", "dangling.swift"], saying: "decouple: error: dangling.swift is a symbolic link to Nowhere.swift, which does not exist")
        #expect(try workspace.run("generate", "Models").status == 0)
    }

    @Test func configurationThatIsNoFile_saysWhatItIs() throws {
        let workspace = try workspace()
        try expectRefused(workspace, ["generate", "Models", "--config", "Models"], saying: "decouple: error: the configuration Models is a folder, not a file")
        try expectRefused(workspace, ["generate", "Models", "--config", "/dev/null"], saying: "decouple: error: the configuration /dev/null is a character device, not a regular file")
        try expectRefused(workspace, ["generate", "Models", "--config", "missing.json"], saying: "decouple: error: no configuration file at missing.json")
        try Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]).write(to: workspace.url.appendingPathComponent("utf16.json"))
        try expectRefused(workspace, ["generate", "Models", "--config", "utf16.json"], saying: "utf16.json:1:1: error: utf16.json is UTF-16 text; save it as UTF-8")
    }

    /// Square brackets nested deeper than the parser can take (its time doubles per level; a few
    /// hundred overflowed the stack, exit 139): refused before parsing, at the bracket.
    @Test func squareBracketsNestedTooDeep_areRefusedAtTheBracket() throws {
        let workspace = try workspace()
        func open(_ count: Int) -> String { String(repeating: "[", count: count) }
        func close(_ count: Int) -> String { String(repeating: "]", count: count) }
        let message = "error: square brackets nested more than 16 levels deep"
        for depth in [800, 5_000] {
            for (text, column) in [
                ("let x: \(open(depth))Int\(close(depth))", 24), ("let x = \(open(depth))1\(close(depth))", 25), ("let x = \(open(depth))", 25),
            ] {
                try workspace.write("// \(open(30))\nlet s = \"\(open(30))\"\n" + text + "\n", to: "Deep.swift")
                try expectRefused(workspace, ["generate", "Models", "Deep.swift"], saying: "Deep.swift:3:\(column): \(message)")
                try expectRefused(workspace, ["inspect", "Deep.swift"], saying: "Deep.swift:3:\(column): \(message)")
            }
        }
        // In an annotation, at its place in the comment.
        try workspace.write("// decouple: TitledContent(title: \(open(40)))\nfinal class CCBModel { var name = \"\" }\n", to: "Deep.swift")
        try expectRefused(workspace, ["generate", "Models", "Deep.swift"], saying: "Deep.swift:1:")
    }

    /// A FIFO nothing writes to, an endless device, a file too large: each refused at once,
    /// named, where reading it had blocked for ever or filled the memory. The limit catches a
    /// run that blocks for ever; it is generous because the test (2 s alone) took over a minute
    /// twice beside the rest of the suite on the 2-core machine.
    @Test(.timeLimit(.minutes(5))) func configurationThatNeverEnds_isRefusedWithoutBlocking() throws {
        let workspace = try workspace()
        #expect(mkfifo(workspace.url.appendingPathComponent("cf.json").path, 0o644) == 0)
        try expectRefused(
            workspace, ["generate", "Models", "--config", "cf.json"],
            saying: "decouple: error: the configuration cf.json is a FIFO that nothing wrote to")
        for device in ["/dev/zero", "/dev/urandom"] {
            try expectRefused(
                workspace, ["generate", "Models", "--config", device],
                saying: "decouple: error: the configuration \(device) is a character device, not a regular file")
        }
        // Sparse: 64 MiB and a byte, without writing them.
        let big = workspace.url.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 64 << 20 + 1) == 0)
        try expectRefused(
            workspace, ["generate", "Models", "--config", "big.json"],
            saying: "decouple: error: the configuration big.json is larger than 64 MiB")
        // A pipe read through /dev/stdin stops at the same size.
        let piped = try ProcessRun(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "head -c 70000000 /dev/zero | \"$0\" generate Models --config /dev/stdin", toolURL.path],
            in: workspace.url)
        #expect(piped.status == 2)
        #expect(piped.stderr == "decouple: error: the configuration /dev/stdin is larger than 64 MiB, which no configuration needs; nothing was read past that [#UnreadableInput]\n")
        // Found by discovery, a FIFO is refused too, not passed over for the one further up.
        #expect(mkfifo(workspace.url.appendingPathComponent("Models/decouple.json").path, 0o644) == 0)
        try expectRefused(
            workspace, ["generate", "Models"],
            saying: "decouple: error: the configuration Models/decouple.json is a FIFO, not a regular file")
    }

    /// A folder that cannot be listed is an error, as a file that cannot be read is, not a
    /// silent hole in the output.
    @Test func unreadableFolder_isAnError_likeAnUnreadableFile() throws {
        let annotated = "// decouple: TitledContent(title: name, subtitle: name)\nfinal class CCBModel { var name = \"\" }\n"
        let workspace = try Workspace(["src/A.swift": Self.models, "src/closed/B.swift": annotated, "decouple.json": Self.config])
        let closed = workspace.url.appendingPathComponent("src/closed").path
        #expect(chmod(closed, 0) == 0)
        defer { chmod(closed, 0o755) }
        let before = try snapshot(workspace)
        for arguments in [["generate", "src", "--config", "decouple.json"], ["inspect", "src"]] {
            guard let run = try runUnprivileged(arguments, in: workspace) else { return }
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr == "decouple: error: cannot read src/closed: Permission denied [#UnreadableInput]\n", "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        let after = try snapshot(workspace)
        #expect(after.mapValues(\.0) == before.mapValues(\.0))
    }

    @Test func newlineInAPath_staysOnOneDiagnosticLine() throws {
        // Annotated, so its syntax error is an error, not a skipped file's warning.
        let workspace = try Workspace(["Bad\nFolder/B.swift": "// decouple: TitledContent(title: a)\nfinal class X { var a: = }\n"])
        let run = try workspace.run("generate", "Bad\nFolder")
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("Bad\\nFolder/B.swift:2:") }, "\(run.stderr)")
    }

    // MARK: Item 5: the configuration reader is strict JSON

    @Test func lenientJSON_isRefusedAtTheOffendingToken() throws {
        let cases: [(String, String)] = [
            (#"{"adapters": [], "adapters": []}"#, #"decouple.json:1:18: error: invalid JSON: duplicate key "adapters" (first at line 1, column 2)"#),
            (#"{"style": 007}"#, "decouple.json:1:12: error: invalid JSON: a number cannot have a leading zero"),
            (#"{"style": 1.}"#, "decouple.json:1:13: error: invalid JSON: expected a digit after the decimal point"),
            (#"{"style": -}"#, "decouple.json:1:12: error: invalid JSON: expected a digit in the number"),
            (#"{"style": "\u+041"}"#, #"decouple.json:1:12: error: invalid JSON: \u must be followed by exactly four hex digits"#),
            (#"{"style": "\x"}"#, #"decouple.json:1:12: error: invalid JSON: invalid escape '\x'"#),
            (#"{"style": "\uD800"}"#, #"decouple.json:1:12: error: invalid JSON: lone surrogate \uD800"#),
            ("{\"style\": \"a\u{1}b\"}", "decouple.json:1:13: error: invalid JSON: control character U+0001 in a string"),
            (#"{"adapters": [],}"#, "decouple.json:1:17: error: invalid JSON: trailing comma before '}'"),
            (#"{"adapters": [1,]}"#, "decouple.json:1:17: error: invalid JSON: trailing comma before ']'"),
            (String(repeating: "[", count: 100_000), "decouple.json:1:257: error: invalid JSON: nested more than 256 levels deep"),
        ]
        let workspace = try workspace()
        for (text, message) in cases {
            try workspace.write(text, to: "decouple.json")
            try expectRefused(workspace, ["generate", "Models"], saying: message)
        }
    }

    // MARK: Item 12: a cap on what is printed

    @Test func thousandsOfErrors_printTheFirstHundredAndACount() throws {
        let adapters = (0..<1_000).map { #"{"model": "M\#($0)", "protocol": "TitledContent"}"# }.joined(separator: ",\n")
        let workspace = try workspace()
        try workspace.write("{\"adapters\": [\n\(adapters)]}", to: "decouple.json")
        let run = try workspace.run("generate", "Models")
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 101, "\(lines.count) lines")
        #expect(lines.last == "decouple: note: … and 900 more errors not shown")
    }

    // MARK: Item 10: only the exact generated header marks a generated file

    @Test func fileThatOnlyLooksGenerated_isStillRead() throws {
        let workspace = try Workspace([
            "Models/A.swift": "// Generated by decoupled-api-tool\n" + Self.models, "decouple.json": Self.config,
        ])
        let run = try workspace.run("generate", "Models")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("extension CCAModel: Decouple.TitledContent"))
    }

    // MARK: Issue 20, item 1: previous output stored with CRLF line endings or a BOM is still ours

    @Test func previousOutputWithCRLFOrABOM_isStillRecognisedAsGenerated() throws {
        let variants: [(String, (String) -> String)] = [
            ("CRLF", { $0.replacingOccurrences(of: "\n", with: "\r\n") }),
            ("BOM", { "\u{FEFF}" + $0 }),
            ("BOM and CRLF", { "\u{FEFF}" + $0.replacingOccurrences(of: "\n", with: "\r\n") }),
        ]
        for (what, change) in variants {
            for cache in [[], ["--cache", ".cache"]] {
                let workspace = try workspace()
                let generate = ["generate", "Models", "--output", "Models/Gen.swift"] + cache
                #expect(try runTool(generate, in: workspace.url).status == 0)
                let good = try workspace.read("Models/Gen.swift")
                try workspace.write(change(good), to: "Models/Gen.swift")
                // Differing only in how it is stored, it is out of date, but it is no input.
                let check = try runTool(generate + ["--check"], in: workspace.url)
                #expect(check.status == 1, "\(what) \(cache): \(check.stderr)")
                #expect(check.stderr.contains("Models/Gen.swift is out of date"), "\(what) \(cache): \(check.stderr)")
                // Output elsewhere: the changed copy is not read as a model source.
                let elsewhere = try runTool(["generate", "Models", "--output", "Out.swift"] + cache, in: workspace.url)
                #expect(elsewhere.status == 0, "\(what) \(cache): \(elsewhere.stderr)")
                #expect(try workspace.read("Out.swift") == good, "\(what) \(cache)")
                let rewrite = try runTool(generate, in: workspace.url)
                #expect(rewrite.status == 0, "\(what) \(cache): \(rewrite.stderr)")
                #expect(try workspace.read("Models/Gen.swift") == good, "\(what) \(cache)")
            }
        }
        // Only the header so stored: a file whose header is merely similar is still input.
        let workspace = try workspace()
        try workspace.write("\u{FEFF}// Generated by decouple.\r\n" + Self.models, to: "Models/Gen.swift")
        try expectRefused(workspace, ["generate", "Models", "--output", "Models/Gen.swift"], saying: "it is the input source Models/Gen.swift")
    }

    // MARK: Issue 20, item 2: --cache writes nothing on an error, nor under --check

    @Test func cacheThatIsTheOutput_orNoFolder_isRefusedBeforeAnythingIsCreated() throws {
        let workspace = try workspace()
        let exists = { (path: String) in FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(path).path) }
        try expectRefused(
            workspace, ["generate", ".", "--output", "Gen.swift", "--cache", "Gen.swift"],
            saying: "decouple: error: refusing to use Gen.swift as the cache folder: it is the output Gen.swift [#UnusableCache]\n")
        try expectRefused(
            workspace, ["generate", ".", "--output", "./Gen.swift", "--cache", "Models/../Gen.swift"],
            saying: "refusing to use Models/../Gen.swift as the cache folder: it is the output ./Gen.swift")
        try expectRefused(
            workspace, ["generate", ".", "--output", "Gen.swift", "--cache", "Gen.swift/cache"],
            saying: "refusing to use Gen.swift/cache as the cache folder: it would be inside the output Gen.swift, a file")
        #expect(!exists("Gen.swift"))
        try workspace.write("a file\n", to: "cachefile")
        for output in [["--output", "Out.swift"], []] {
            try expectRefused(
                workspace, ["generate", "Models", "--cache", "cachefile"] + output,
                saying: "decouple: error: the cache cachefile is a regular file, not a folder")
        }
        #expect(!exists("Out.swift"))
    }

    /// A cache the run could not use is refused, not ignored: an empty path (which named the
    /// root folder), a path through a file, a link to nothing. (A folder the user may not write
    /// is refused alike; the tests run as a user who may write anywhere.)
    @Test func cacheWithAnEmptyPath_aFileOnTheWay_orALinkToNothing_isRefused() throws {
        let workspace = try workspace()
        try workspace.write("a file\n", to: "afile")
        try FileManager.default.createSymbolicLink(atPath: workspace.url.appendingPathComponent("link").path, withDestinationPath: "nowhere")
        try expectRefused(
            workspace, ["generate", "Models", "--output", "Out.swift", "--cache", ""],
            saying: "decouple: error: the cache's path is empty; name a folder for --cache (it is created when missing) [#UnusableCache]\n")
        try expectRefused(
            workspace, ["generate", "Models", "--output", "Out.swift", "--cache", "afile/cache"],
            saying: "decouple: error: cannot create the cache folder afile/cache: afile is not a folder [#UnusableCache]\n")
        try expectRefused(
            workspace, ["generate", "Models", "--output", "Out.swift", "--cache", "link"],
            saying: "decouple: error: cannot create the cache folder link: link is a symbolic link to nothing that exists [#UnusableCache]\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("Out.swift").path))
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("nowhere").path))
        // The other empty paths are refused too, the message showing the path as `""`.
        let emptyPaths: [([String], String)] = [
            (["generate", "Models", "--output", ""], "decouple: error: cannot write \"\": No such file or directory [#UnwritableOutput]\n"),
            (["generate", "Models", "--config", ""], "decouple: error: no configuration file at \"\" [#UnreadableInput]\n"),
            (["generate", ""], "decouple: error: no such file or folder: \"\" [#UnreadableInput]\n"),
        ]
        for (arguments, message) in emptyPaths { try expectRefused(workspace, arguments, saying: message) }
    }

    /// A symbolic link planted under a cache entry's name is replaced by the entry, never
    /// written through: the file it leads to, outside the cache, is left as it was.
    @Test func aLinkPlantedUnderACacheEntrysName_isReplaced_notWrittenThrough() throws {
        let workspace = try workspace()
        #expect(try workspace.run("generate", "Models", "--output", "Out.swift", "--cache", "cache").status == 0)
        let entries = try workspace.outputCacheEntries("cache").map { "cache/\($0)" } + [try workspace.scanCacheFile("cache", ending: ".index")]
        #expect(entries.count == 2)
        for (index, entry) in entries.enumerated() {
            let path = workspace.url.appendingPathComponent(entry).path
            let victim = workspace.url.appendingPathComponent("victim\(index)").path
            try "the user's file\n".write(toFile: victim, atomically: false, encoding: .utf8)
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        }
        // A changed comment: the index is read, and written again; the output entry is missed
        // (it is a link to a file that is no entry), and written again.
        try workspace.write("// changed\n" + workspace.read("Models/A.swift"), to: "Models/A.swift")
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Out.swift"))
        let run = try workspace.run("generate", "Models", "--output", "Out.swift", "--cache", "cache")
        #expect(run.status == 0, "\(run.stderr)")
        for (index, entry) in entries.enumerated() {
            #expect(try workspace.read("victim\(index)") == "the user's file\n", "\(entry)")
            let kind = try FileManager.default.attributesOfItem(atPath: workspace.url.appendingPathComponent(entry).path)[.type] as? FileAttributeType
            #expect(kind == .typeRegular, "\(entry)")
        }
    }

    @Test func checkWithACache_readsIt_butNeverCreatesOrWritesIt() throws {
        let workspace = try workspace()
        #expect(try workspace.run("generate", "Models", "--output", "Out.swift").status == 0)
        try expectNothingWritten(workspace, ["generate", "Models", "--output", "Out.swift", "--check", "--cache", "newcache"], status: 0, saying: "Out.swift is up to date")
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("newcache").path))
        // An existing cache: served from it, and when a declaration changed, generating, the
        // cache stays byte for byte as it was, modification times included.
        #expect(try workspace.run("generate", "Models", "--output", "Out.swift", "--cache", "cache").status == 0)
        try expectNothingWritten(workspace, ["generate", "Models", "--output", "Out.swift", "--check", "--cache", "cache"], status: 0, saying: "Out.swift is up to date")
        try workspace.write(Self.models.replacingOccurrences(of: "var age: Int", with: "var age: Int\n    var extra = 0"), to: "Models/A.swift")
        try workspace.write("// another file\nstruct Other {}\n", to: "Models/B.swift")
        try expectNothingWritten(workspace, ["generate", "Models", "--output", "Out.swift", "--check", "--cache", "cache"], status: 0, saying: "Out.swift is up to date")
        try workspace.write("// decouple: TitledContent(title: name, subtitle: name)\nstruct Extra { var name: String }\n", to: "Models/C.swift")
        try expectNothingWritten(workspace, ["generate", "Models", "--output", "Out.swift", "--check", "--cache", "cache"], status: 1, saying: "Out.swift is out of date")
    }

    // MARK: Issue 20, item 3: control characters from the configuration are escaped in diagnostics

    @Test func controlCharactersInConfigurationValues_areEscapedInDiagnostics() throws {
        let injected = #"M\nfake.swift:1:1: error: injected"#
        let escape = #"\u001b[2J"#
        let configurations = [
            #"{"adapters": [{"model": "\#(injected)", "protocol": "TitledContent", "map": {"title": "name"}}]}"#,
            #"{"adapters": [{"model": "CCAModel", "protocol": "\#(injected)"}]}"#,
            #"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"title\#(escape)": "name\#(escape)"}}]}"#,
            #"{"adapters": [{"model": "CCAModel", "protocol": "\#(escape)"}]}"#,
            #"{"style": "\#(escape)", "adapters": []}"#,
            #"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "style": "\#(escape)"}]}"#,
        ]
        let workspace = try workspace()
        for configuration in configurations {
            try workspace.write(configuration, to: "decouple.json")
            try expectRefused(workspace, ["generate", "Models"], saying: "error: ")
            let run = try workspace.run("generate", "Models")
            #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(configuration): \(run.stderr.debugDescription)")
            #expect(run.stderr.contains(#"\n"#) || run.stderr.contains(#"\u{1b}"#), "\(configuration): \(run.stderr)")
            for line in run.stderr.split(separator: "\n") {
                #expect(line.hasPrefix("decouple.json:") || line.hasPrefix("decouple: ") || line.hasPrefix("Models/A.swift:"), "\(configuration): \(line)")
            }
        }
    }

    // MARK: Issue 20, item 4: `**` in an exclude pattern costs polynomial time

    @Test func manyDoubleStarsInAnExclude_onADeepTree_areApplied() throws {
        let deep = (0..<40).map { "d\($0)" }.joined(separator: "/")
        let pattern = "**/**/**/**/**/**/x.swift"
        let workspace = try Workspace(["\(deep)/A.swift": Self.models, "\(deep)/x.swift": "broken(", "decouple.json": Self.config])
        try workspace.write(Self.config.replacingOccurrences(of: "{\"adapters\"", with: "{\"exclude\": [\"\(pattern)\"], \"adapters\""), to: "excluding.json")
        // The matcher's steps are bounded by `PathPatternTests`; here the tool applies it.
        for options in [["--exclude", pattern], ["--config", "excluding.json"]] {
            let run = try runTool(["generate", "d0"] + options, in: workspace.url)
            #expect(run.status == 0, "\(options): \(run.stderr)")
            // x.swift is excluded: its syntax error is not even a warning.
            #expect(run.stderr == "", "\(options): \(run.stderr)")
        }
    }

    // MARK: Item 3: the cache serves only entries that prove themselves

    @Test func damagedOrPlantedCacheEntries_areNeverServed_andAreReplaced() throws {
        let workspace = try workspace()
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").status == 0)
        let good = try workspace.read("Out.swift")
        let entry = "cache/" + (try workspace.outputCacheEntries("cache")[0])
        let valid = try workspace.read(entry)
        // An entry of another run (another key), copied under this key's name.
        try workspace.write(Self.config.replacingOccurrences(of: "\"age\"", with: "\"name\""), to: "other.json")
        #expect(try workspace.run("generate", "Models", "--config", "other.json", "--cache", "other-cache").status == 0)
        let planted = try workspace.read("other-cache/" + (try workspace.outputCacheEntries("other-cache")[0]))

        let damaged: [(String, String)] = [
            ("truncated", String(valid.prefix(valid.count / 2))),
            ("garbage", "\u{0}\u{1}garbage\n"),
            ("empty", ""),
            ("edited body", valid.replacingOccurrences(of: "self.name", with: "self.nam")),
            ("planted", planted),
            ("old format", "// from the cache\n"),
            ("another schema version", valid.replacingOccurrences(of: "\"version\":\(CacheHeader.version)}", with: "\"version\":\(CacheHeader.version + 1)}")),
            ("another kind of entry", valid.replacingOccurrences(of: "\"kind\":\"output\"", with: "\"kind\":\"scan-index\"")),
            ("a header that is no JSON", String(valid.dropFirst())),
        ]
        for (what, text) in damaged {
            #expect(text != valid, "\(what): not damaged")
            try workspace.write(text, to: entry)
            try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Out.swift"))
            let run = try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift")
            #expect(run.status == 0, "\(what): \(run.stderr)")
            // Generated again: the output entry was not served.
            #expect(run.stderr == "wrote Out.swift from 1 source file\n", "\(what): served from a bad entry")
            #expect(try workspace.read("Out.swift") == good, "\(what)")
            #expect(try workspace.read(entry) == valid, "\(what): the entry was not replaced")
            #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift", "--check").status == 0, "\(what)")
        }
        // A valid entry is served.
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Out.swift"))
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").stderr == "wrote Out.swift from the cache (1 source file unchanged)\n")
    }
}
