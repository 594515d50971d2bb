import Benchmark
import Foundation

// MARK: - inspect on a large app

/// `decouple inspect` on a generated repository of 360,000 lines in about 2,270 files and ten
/// modules, shaped like the large apps where a cost that grows faster than the code shows:
/// extensions of framework types and of types declared in other files and modules, classes
/// whose superclass is a framework's, the same type names in every module, and long files.
///
/// Two figures:
/// - `inspect.large_app_vs_frontend_parse`: the whole tree against `swiftc -frontend -parse` of
///   the same files;
/// - `inspect.large_app_whole_vs_modules`: the whole tree against each module inspected apart,
///   one after the other. A cost that grows linearly with the code gives 1.
func largeAppBenchmarks() {
    guard let tool = ProcessInfo.processInfo.environment["DECOUPLE_TOOL"],
          let swiftc = ProcessInfo.processInfo.environment["DECOUPLE_SWIFTC"] else { return }
    let app = LargeApp.make(lines: 360_000)
    inspectVersusParse("inspect.large_app_vs_frontend_parse", folder: app.folder, files: app.swiftFiles, tool: tool, swiftc: swiftc) { peak in
        record("PEAK_MIB inspect.large_app", peak >> 20)
        record("INPUT_LINES inspect.large_app", app.lines)
        record("INPUT_FILES inspect.large_app", app.swiftFiles.count)
    }
    pairedBenchmark("inspect.large_app_whole_vs_modules", pairs: 3) {
        for module in app.modules { run(tool, ["inspect", module]) }
    } candidate: {
        run(tool, ["inspect", app.folder])
    }
}

enum LargeApp {
    struct Tree: Sendable {
        var folder: String
        /// Each module's folder.
        var modules: [String]
        var swiftFiles: [String]
        var lines: Int
    }

    static let moduleNames = ["App", "Core", "Networking", "Feed", "Profile", "Settings", "Onboarding", "Widget", "DesignSystem", "Persistence"]

    /// Made once per machine (its file list, written last, marks it whole). Every 41st file is
    /// long: about 3,000 lines.
    static func make(lines: Int) -> Tree {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-large-app-2-\(lines)").path
        let root = folder + "/repo"
        let modules = moduleNames.map { "\(root)/Sources/\($0)" }
        let list = folder + "/files.txt"
        if let written = try? String(contentsOfFile: list, encoding: .utf8) {
            let recorded = written.split(separator: "\n").map(String.init)
            return Tree(folder: root, modules: modules, swiftFiles: Array(recorded.dropFirst()), lines: Int(recorded[0]) ?? 0)
        }
        try? FileManager.default.removeItem(atPath: folder)
        for module in modules { try! FileManager.default.createDirectory(atPath: module, withIntermediateDirectories: true) }
        var total = 0
        var paths: [String] = []
        var index = 0
        while total < lines {
            let moduleIndex = index % modules.count
            let module = moduleNames[moduleIndex]
            let target = index % 41 == 40 ? 3_000 : 75
            var text = "import Foundation\nimport UIKit\nimport SwiftUI\n\n"
            var written = 4
            var part = 0
            while written < target {
                let block = block(kind: (index + part) % 8, name: "\(module)\(index)x\(part)", file: index)
                text += block
                written += block.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                part += 1
            }
            if index < modules.count {
                // The same names in every module, as apps and their frameworks have.
                text += "\nstruct Constants {\n    static let title = \"\(module)\"\n}\n\nfinal class Coordinator {\n    var children: [Coordinator] = []\n}\n"
                written += 8
            }
            let path = "\(modules[moduleIndex])/\(module)File\(index).swift"
            try! text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
            total += written
            index += 1
        }
        try! ([String(total)] + paths).joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return Tree(folder: root, modules: modules, swiftFiles: paths, lines: total)
    }

    /// A block of declarations; `file` is the file's index, so that a block can extend a model
    /// declared by an earlier file, in its module or another.
    private static func block(kind: Int, name: String, file: Int) -> String {
        // A model of an earlier file, of this module or another: the first block of a file
        // whose index is a multiple of 8 declares one.
        let earlier = max(0, (file - 1 - file % 23) / 8 * 8)
        let extended = "\(moduleNames[earlier % moduleNames.count])\(earlier)x0"
        switch kind {
        case 0:
            return """
                /// A model whose stored properties mostly have no written type.
                public struct \(name): Identifiable, Codable, Hashable {
                    public var id = 0 as Int64
                    public var title = ""
                    public var tags = [String]()
                    public var isPinned = false
                    public var createdAt = Date()
                    public var kind = Kind.post
                    public var author: Author?

                    public enum Kind: String, Codable, Hashable { case post, story, ad }

                    public struct Author: Codable, Hashable {
                        public var name: String
                        public var avatar: URL?
                    }

                    public var subtitle: String {
                        tags.isEmpty ? kind.rawValue : tags.joined(separator: " · ")
                    }
                }


                """
        case 1:
            return """
                extension String {
                    var trimmed\(name): String { trimmingCharacters(in: .whitespacesAndNewlines) }
                    func localized\(name)(_ comment: String = "") -> String { NSLocalizedString(self, comment: comment) }
                }

                extension UIColor {
                    static let brand\(name) = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
                }

                extension Notification.Name {
                    static let didChange\(name) = Notification.Name("\(name).didChange")
                }

                extension View {
                    func card\(name)() -> some View {
                        padding(12).background(Color.white).cornerRadius(8)
                    }
                }

                extension Array where Element == String {
                    var joined\(name): String { joined(separator: ", ") }
                }


                """
        case 2:
            return """
                final class \(name)ViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
                    private let tableView = UITableView(frame: .zero, style: .plain)
                    private var items: [String] = []
                    var onSelect: ((String) -> Void)?

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        title = "\(name)"
                        tableView.dataSource = self
                        tableView.delegate = self
                        view.addSubview(tableView)
                    }

                    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                        cell.textLabel?.text = items[indexPath.row]
                        return cell
                    }

                    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                        onSelect?(items[indexPath.row])
                    }
                }


                """
        case 3:
            // Extensions of a model declared in an earlier file, in this module or another.
            return """
                extension \(extended) {
                    var display\(name): String { title.isEmpty ? "Untitled" : title }
                }

                extension \(extended): CustomStringConvertible {
                    public var description: String { "\\(id) \\(title)" }
                }

                extension \(extended).Author {
                    var initials\(name): String { String(name.prefix(1)) }
                }


                """
        case 4:
            return """
                protocol \(name)ViewModelType: ObservableObject {
                    var title: String { get }
                    var isLoading: Bool { get }
                    func load() async
                }

                final class \(name)ViewModel: \(name)ViewModelType {
                    @Published var title = "\(name)"
                    @Published var isLoading = false
                    private let service = \(name)Service.shared

                    func load() async {
                        isLoading = true
                        defer { isLoading = false }
                        title = await service.fetchTitle()
                    }
                }

                final class \(name)Service {
                    static let shared = \(name)Service()
                    func fetchTitle() async -> String { "\(name)" }
                }


                """
        case 5:
            return """
                struct \(name)View: View {
                    @ObservedObject var model: \(name)ViewModel
                    @State private var isExpanded = false

                    var body: some View {
                        VStack(alignment: .leading, spacing: 8) {
                            Text(model.title)
                                .font(.headline)
                            if isExpanded {
                                ForEach(0..<3) { index in
                                    HStack {
                                        Image(systemName: "star")
                                        Text("Row \\(index)")
                                        Spacer()
                                    }
                                }
                            }
                            Button(isExpanded ? "Less" : "More") {
                                withAnimation { isExpanded.toggle() }
                            }
                        }
                        .padding()
                    }
                }


                """
        case 6:
            // Names repeated in every file: private helpers, as generated and hand-written code has.
            return """
                private enum Layout {
                    static let spacing: CGFloat = 8
                    static let inset = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
                }

                fileprivate struct Strings {
                    static let title = "\(name)"
                }

                enum \(name)Route: Hashable {
                    case list
                    case detail(id: Int64)
                    case settings

                    var path: String {
                        switch self {
                        case .list: return "/list"
                        case let .detail(id): return "/detail/\\(id)"
                        case .settings: return "/settings"
                        }
                    }
                }


                """
        default:
            return """
                class \(name)Cell: UICollectionViewCell {
                    static let reuseIdentifier = "\(name)Cell"
                    let titleLabel = UILabel()
                    var model: \(name)CellModel?

                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        contentView.addSubview(titleLabel)
                    }

                    required init?(coder: NSCoder) { nil }
                }

                final class \(name)FeaturedCell: \(name)Cell {
                    var badge = "New"
                }

                struct \(name)CellModel {
                    var title: String
                    var subtitle: String?
                }


                """
        }
    }
}
