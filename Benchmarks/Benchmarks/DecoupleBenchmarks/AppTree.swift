import Benchmark
import Foundation

// MARK: - inspect on an app-shaped tree

/// `decouple inspect` on a generated tree shaped like a whole app: 1,500 files and 200,000 lines
/// in several modules, against the compiler's own parser on the same files in one process.
func appTreeBenchmarks() {
    guard let tool = ProcessInfo.processInfo.environment["DECOUPLE_TOOL"],
          let swiftc = ProcessInfo.processInfo.environment["DECOUPLE_SWIFTC"] else { return }
    let tree = AppTree.make(lines: 200_000, files: 1_500)
    inspectVersusParse("inspect.app_tree_vs_frontend_parse", folder: tree.folder, files: tree.swiftFiles, tool: tool, swiftc: swiftc) { peak in
        record("PEAK_MIB inspect.app_tree_200k_lines_1500_files", peak >> 20)
        record("INPUT_LINES inspect.app_tree", tree.lines)
        record("INPUT_FILES inspect.app_tree", tree.swiftFiles.count + 1)
    }
}

/// `decouple inspect` on a real app's checkout, named by `DECOUPLE_REAL_APP` (its Swift files;
/// nothing of it is committed here), against the compiler's parser on the same files: what a
/// user of such an app feels. Not measured without the variable.
func realAppBenchmarks() {
    guard let tool = ProcessInfo.processInfo.environment["DECOUPLE_TOOL"],
          let swiftc = ProcessInfo.processInfo.environment["DECOUPLE_SWIFTC"],
          let folder = ProcessInfo.processInfo.environment["DECOUPLE_REAL_APP"], !folder.isEmpty else { return }
    let root = URL(fileURLWithPath: folder).standardizedFileURL
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
    var files: [String] = []
    var lines = 0
    for case let url as URL in walker where url.pathExtension == "swift" {
        files.append(url.path)
        lines += (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false).count ?? 0
    }
    let swiftFiles = files
    pairedBenchmark("inspect.real_app_vs_frontend_parse", pairs: 9) {
        run(swiftc, ["-frontend", "-parse"] + swiftFiles)
    } candidate: {
        record("PEAK_MIB inspect.real_app", run(tool, ["inspect", root.path]) >> 20)
    }
    record("INPUT_LINES inspect.real_app", lines)
    record("INPUT_FILES inspect.real_app", files.count)
}

/// `figure`: `decouple inspect folder` against `swiftc -frontend -parse` of its Swift files;
/// `recording` gets the candidate's peak resident memory, in bytes.
func inspectVersusParse(
    _ figure: String, folder: String, files: [String], tool: String, swiftc: String, recording: @escaping @Sendable (Int) -> Void
) {
    pairedBenchmark(figure, pairs: 3) {
        run(swiftc, ["-frontend", "-parse"] + files)
    } candidate: {
        recording(run(tool, ["inspect", folder]))
    }
}

/// A generated repository shaped like a real app: modules under `Sources/` and `Tests/`, models
/// with inferred property types, a model per platform under `#if`, public types declared inside
/// extensions, protobuf-style files that each declare the same `fileprivate` type, one type name
/// in every module, view code with long bodies, and one Sourcery template that only ends in
/// `.swift` (which `inspect` skips with a warning).
enum AppTree {
    struct Tree: Sendable {
        var folder: String
        /// Every file that is Swift (the template is not).
        var swiftFiles: [String]
        var lines: Int
    }

    static let modules = ["Sources/App", "Sources/Core", "Sources/Feed", "Sources/Settings", "Sources/Widget", "Sources/Proto", "Tests/AppTests"]

    /// Made once per machine, like the generator corpus (its file list, written last, marks it whole).
    static func make(lines: Int, files: Int) -> Tree {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-app-tree-1-\(lines)-\(files)").path
        let list = folder + "/files.txt"
        if let written = try? String(contentsOfFile: list, encoding: .utf8) {
            let recorded = written.split(separator: "\n").map(String.init)
            return Tree(folder: folder + "/repo", swiftFiles: Array(recorded.dropFirst()), lines: Int(recorded[0]) ?? 0)
        }
        try? FileManager.default.removeItem(atPath: folder)
        let root = folder + "/repo"
        for module in modules { try! FileManager.default.createDirectory(atPath: "\(root)/\(module)", withIntermediateDirectories: true) }
        try! FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        try! template.write(toFile: root + "/Templates/AutoEquatable.swift", atomically: true, encoding: .utf8)
        var total = template.split(separator: "\n", omittingEmptySubsequences: false).count
        var paths: [String] = []
        let perFile = lines / files
        for index in 0..<(files - 1) {
            let module = modules[index % modules.count]
            let moduleName = module.split(separator: "/").last!
            var text = "import Foundation\n\n"
            var part = 0
            while text.split(separator: "\n", omittingEmptySubsequences: false).count < perFile {
                text += block(kind: (index + part) % 6, name: "\(moduleName)\(index)x\(part)", module: String(moduleName))
                part += 1
            }
            if index < modules.count {
                // The same name in every module, as an iOS app, a widget and tests each have.
                text += "\nstruct Settings {\n    var title = \"\(moduleName)\"\n}\n"
            }
            let name = index % 6 == 3 ? "Message\(index).pb.swift" : "File\(index).swift"
            let path = "\(root)/\(module)/\(name)"
            try! text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
            total += text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        try! ([String(total)] + paths).joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return Tree(folder: root, swiftFiles: paths, lines: total)
    }

    private static let template = """
        // Generated using Sourcery — a template, not Swift.
        {% for type in types.implementing.AutoEquatable %}
        extension {{ type.name }}: Equatable {
            static func == (lhs: {{ type.name }}, rhs: {{ type.name }}) -> Bool {
                {% for variable in type.storedVariables %}guard lhs.{{ variable.name }} == rhs.{{ variable.name }} else { return false }
                {% endfor %}return true
            }
        }
        {% endfor %}
        """

    private static func block(kind: Int, name: String, module: String) -> String {
        switch kind {
        case 0:
            return """
                /// A model whose stored properties mostly have no written type.
                public struct \(name): Identifiable, Codable {
                    public var id = 0 as Int64
                    public var title = ""
                    public var tags = [String]()
                    public var scores: [String: Double] = [:]
                    public var isPinned = false
                    public var createdAt = Date()
                    public var link = URL(string: "https://example.com/\(name)")!
                    public var kind = Kind.post

                    public enum Kind: String, Codable { case post, story, ad }

                    public var subtitle: String {
                        tags.isEmpty ? kind.rawValue : tags.joined(separator: " · ")
                    }
                }


                """
        case 1:
            return """
                #if os(iOS) && !targetEnvironment(macCatalyst)
                final class \(name)Screen {
                    var title = "iOS"
                    var rows: [String] = []
                    func reload(completion: @escaping ([String]) -> Void) {
                        let sorted = rows.sorted { lhs, rhs in
                            if lhs.count != rhs.count { return lhs.count < rhs.count }
                            return lhs < rhs
                        }
                        DispatchQueue.main.async { completion(sorted) }
                    }
                }
                #else
                final class \(name)Screen {
                    var title = "other"
                    var rows: [String] = []
                    func reload(completion: @escaping ([String]) -> Void) { completion(rows) }
                }
                #endif


                """
        case 2:
            return """
                public enum \(name)Entity {}

                extension \(name)Entity {
                    public final class Account: Codable {
                        public let id: String
                        public var displayName: String
                        public var followers = 0
                        public var note: String?
                        public init(id: String, displayName: String) {
                            self.id = id
                            self.displayName = displayName
                        }
                    }
                }

                public extension \(name)Entity {
                    struct Relationship: Codable {
                        var following = false
                        var blocking = false
                    }
                }


                """
        case 3:
            return """
                fileprivate struct _GeneratedWithProtocGenSwiftVersion {
                    struct _2: Equatable {}
                    typealias Version = _2
                }

                public struct \(name)Message: Sendable {
                    public var id: UInt64 = 0
                    public var body: String = String()
                    public var attachments: [String] = []
                    public var unknownFields = Data()
                    public init() {}
                    public static let protoMessageName: String = "\(module).\(name)Message"
                    public func isEqual(to other: Self) -> Bool {
                        if id != other.id { return false }
                        if body != other.body { return false }
                        return attachments == other.attachments
                    }
                }


                """
        case 4:
            return """
                struct \(name)Row {
                    var model: \(name)RowModel
                    func render(width: Int) -> String {
                        var line = model.title
                        if line.count > width {
                            line = String(line.prefix(max(0, width - 1))) + "…"
                        }
                        let padding = String(repeating: " ", count: max(0, width - line.count))
                        return line + padding
                    }
                }

                final class \(name)RowModel {
                    static let shared = \(name)RowModel()
                    var title = "Row"
                    var count = 0 as Int
                    lazy var formatter: NumberFormatter = {
                        let formatter = NumberFormatter()
                        formatter.numberStyle = .decimal
                        return formatter
                    }()
                }


                """
        default:
            return """
                protocol \(name)Displaying {
                    var title: String { get }
                    func detail() -> String
                }

                enum \(name)Source: Int, CaseIterable {
                    case local = 1, remote, cache

                    var label: String {
                        switch self {
                        case .local: return "Local"
                        case .remote: return "Remote"
                        case .cache: return "Cache"
                        }
                    }
                }


                """
        }
    }
}
