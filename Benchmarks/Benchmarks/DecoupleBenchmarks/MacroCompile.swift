import Benchmark
import Foundation

/// `macro.compile_vs_handwritten`: compiling a module of 200 models adapted with `@Adapts`,
/// against the same module with the same conformances written by hand (as `decouple generate`
/// writes them). Both are one `swiftc` process compiling the module to an object file in a
/// debug build, with the same flags; the macro plugin is built beforehand (run.sh builds it),
/// so what is measured is what the macro adds to a build: loading the plugin, sending it the
/// declarations and compiling what it returns.
func macroBenchmarks() {
    let environment = ProcessInfo.processInfo.environment
    guard let swiftc = environment["DECOUPLE_SWIFTC"],
          let modules = environment["DECOUPLE_MODULES"],
          let plugin = environment["DECOUPLE_MACRO_PLUGIN"] else {
        print("DECOUPLE_SWIFTC, DECOUPLE_MODULES or DECOUPLE_MACRO_PLUGIN is not set; skipping the macro benchmark (run.sh sets them)")
        return
    }
    let corpus = MacroCorpus.make(models: 200)
    func compile(_ files: [String], into object: String) -> [String] {
        ["-swift-version", "6", "-parse-as-library", "-wmo", "-Onone", "-c", "-module-name", "MacroModels",
         "-I", modules, "-load-plugin-executable", plugin + "#DecoupleMacrosPlugin", "-o", object] + files
    }
    let configuration = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 5)
    Benchmark("macro.compile_vs_handwritten/baseline", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { run(swiftc, compile(corpus.handwritten, into: corpus.folder + "/handwritten.o")) }
    }
    Benchmark("macro.compile_vs_handwritten/candidate", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { run(swiftc, compile(corpus.macro, into: corpus.folder + "/macro.o")) }
    }
}

/// 200 models in 10 files, twice: adapted with `@Adapts` and `@Maps`, and with the extensions
/// the macro expands to written out. Every model adapts `TitledContent` (a `String` and an `Int`
/// shown through `String(describing:)`); every fourth one `NamedImageContent` too.
enum MacroCorpus {
    struct Files: Sendable {
        var folder: String
        var macro: [String]
        var handwritten: [String]
    }

    static func make(models: Int) -> Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-macro-\(models)").path
        try? FileManager.default.removeItem(atPath: folder)
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files = Files(folder: folder, macro: [], handwritten: [])
        let perFile = 20
        for file in 0..<(models + perFile - 1) / perFile {
            var macro = "import DecoupleMacros\n\n"
            var handwritten = "import Decouple\n\n"
            for index in file * perFile..<min(models, (file + 1) * perFile) {
                let image = index.isMultiple(of: 4)
                macro += model(index, attributes: [
                    "@Adapts(TitledContent.self)\n" + (image ? "@Adapts(NamedImageContent.self)\n" : ""),
                    "@Maps(to: \\TitledContent.title) " + (image ? "@Maps(to: \\NamedImageContent.name) " : ""),
                    "@Maps(to: \\TitledContent.subtitle) ",
                    image ? "@Maps(to: \\NamedImageContent.image) " : "",
                ])
                handwritten += model(index, attributes: ["", "", "", ""]) + """
                    extension Model\(index): Decouple.TitledContent {
                        public var title: Swift.String {
                            self.fullName
                        }
                        public var subtitle: Swift.String {
                            Swift.String(describing: self.count)
                        }
                    }


                    """
                if image {
                    handwritten += """
                        extension Model\(index): Decouple.NamedImageContent {
                            public var name: Swift.String {
                                self.fullName
                            }
                            public var image: Decouple.ImageName {
                                Decouple.ImageName(self.avatar)
                            }
                        }


                        """
                }
            }
            let macroPath = "\(folder)/Macro\(file).swift"
            let handwrittenPath = "\(folder)/Handwritten\(file).swift"
            try! macro.write(toFile: macroPath, atomically: true, encoding: .utf8)
            try! handwritten.write(toFile: handwrittenPath, atomically: true, encoding: .utf8)
            files.macro.append(macroPath)
            files.handwritten.append(handwrittenPath)
        }
        return files
    }

    /// Model number `index`, with `attributes` before the type and before each of its first three
    /// members.
    static func model(_ index: Int, attributes: [String]) -> String {
        """
        /// A model as an API client would declare it.
        \(attributes[0])public struct Model\(index): Sendable {
            \(attributes[1])public let fullName: String
            \(attributes[2])public let count: Int
            \(attributes[3])public let avatar: String
            public let note: String?

            public init(fullName: String, count: Int, avatar: String, note: String?) {
                self.fullName = fullName
                self.count = count
                self.avatar = avatar
                self.note = note
            }
        }


        """
    }
}
