import Benchmark
import Foundation

/// `macro.compile_vs_handwritten`: compiling a module of 200 models adapted with `@Adapts`,
/// their mappings named on the type (`map:`), against the same module with the same conformances
/// written by hand (as `decouple generate` writes them). `macro.maps_compile_vs_handwritten` is
/// the same module with one `@Maps` per mapped member instead. Each is one `swiftc` process
/// compiling the module to an object file in a debug build, with the same flags; the macro plugin
/// is built beforehand (run.sh builds it), so what is measured is what the macro adds to a build:
/// loading the plugin, sending it the declarations and compiling what it returns.
///
/// The compiler sends the plugin one message per attribute (about 5 kB, most of it the build
/// configuration) and waits for the answer, so the cost grows with the number of attributes
/// rather than with the work each does: the `@Maps` form makes three attributes of each one.
func macroBenchmarks() {
    let environment = ProcessInfo.processInfo.environment
    guard let swiftc = environment["DECOUPLE_SWIFTC"],
          let modules = environment["DECOUPLE_MODULES"],
          let plugin = environment["DECOUPLE_MACRO_PLUGIN"] else {
        print("DECOUPLE_SWIFTC, DECOUPLE_MODULES or DECOUPLE_MACRO_PLUGIN is not set; skipping the macro benchmark (run.sh sets them)")
        return
    }
    let corpus = MacroCorpus.make(models: 200)
    @Sendable func compile(_ files: [String], into object: String) -> [String] {
        ["-swift-version", "6", "-parse-as-library", "-wmo", "-Onone", "-c", "-module-name", "MacroModels",
         "-I", modules, "-load-plugin-executable", plugin + "#DecoupleMacrosPlugin", "-o", object] + files
    }
    pairedBenchmark("macro.compile_vs_handwritten", pairs: 7) {
        run(swiftc, compile(corpus.handwritten, into: corpus.folder + "/handwritten.o"))
    } candidate: {
        run(swiftc, compile(corpus.mapArgument, into: corpus.folder + "/map-argument.o"))
    }
    pairedBenchmark("macro.maps_compile_vs_handwritten", pairs: 7) {
        run(swiftc, compile(corpus.handwritten, into: corpus.folder + "/handwritten.o"))
    } candidate: {
        run(swiftc, compile(corpus.maps, into: corpus.folder + "/maps.o"))
    }
}

/// 200 models in 10 files, three times: adapted with `@Adapts(…, map:)`, with `@Adapts` and
/// `@Maps`, and with the extensions the macro expands to written out. Every model adapts `TitledContent` (a `String` and an `Int`
/// shown through `String(describing:)`); every fourth one `NamedImageContent` too.
enum MacroCorpus {
    struct Files: Sendable {
        var folder: String
        var mapArgument: [String]
        var maps: [String]
        var handwritten: [String]
    }

    static func make(models: Int) -> Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-macro-\(models)").path
        try? FileManager.default.removeItem(atPath: folder)
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files = Files(folder: folder, mapArgument: [], maps: [], handwritten: [])
        let perFile = 20
        for file in 0..<(models + perFile - 1) / perFile {
            var mapArgument = "import DecoupleMacros\n\n"
            var maps = "import DecoupleMacros\n\n"
            var handwritten = "import Decouple\n\n"
            for index in file * perFile..<min(models, (file + 1) * perFile) {
                let image = index.isMultiple(of: 4)
                mapArgument += model(index, attributes: [
                    "@Adapts(TitledContent.self, map: [\\.title: \"fullName\", \\.subtitle: \"count\"])\n"
                        + (image ? "@Adapts(NamedImageContent.self, map: [\\.name: \"fullName\", \\.image: \"avatar\"])\n" : ""),
                    "", "", "",
                ])
                maps += model(index, attributes: [
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
            for (text, name, list) in [(mapArgument, "MapArgument", \Files.mapArgument), (maps, "Maps", \Files.maps), (handwritten, "Handwritten", \Files.handwritten)] {
                let path = "\(folder)/\(name)\(file).swift"
                try! text.write(toFile: path, atomically: true, encoding: .utf8)
                files[keyPath: list].append(path)
            }
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
