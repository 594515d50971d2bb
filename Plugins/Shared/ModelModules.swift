import Foundation
import PackagePlugin

/// The models a target's `decouple.json` adapts from other modules (an adapter's `"module"`):
/// the Swift files of those modules, which `decouple generate` reads for their declarations
/// only. Both plugins hand them to the tool, so the build command reruns when one of them
/// changes and `generate-adapters` writes what the build plugin would. The tool finds a model of
/// such a file by the folder the file is in (`Sources/Models/…` for `"Models"`).
enum ModelModules {
    /// In SwiftPM: every Swift file of the targets `module` depends on, directly or not, in this
    /// package or through products, with the target's names (`my-lib` and `my_lib`), for
    /// `--dependency`. Every one, not those `decouple.json` names today: SwiftPM plans a build
    /// command once, and does not plan again when only that file's content changes, so the tool
    /// picks the ones an adapter names when it runs. Files, not folders: what a target excludes
    /// is not read.
    static func dependencies(of module: SourceModuleTarget) -> [(names: [String], file: URL)] {
        module.recursiveTargetDependencies.compactMap(\.sourceModule).flatMap { target in
            let names = Array(Set([target.name, target.moduleName])).sorted()
            return target.sourceFiles(withSuffix: "swift").map { (names, $0.url) }
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ModelModules {
    /// In Xcode: the Swift files of the project's other targets that an adapter names, each once
    /// and none of `target`'s own. Xcode hands a plugin the project's targets but not which of
    /// them a target depends on, nor the packages it links: a model of a package is not found.
    static func sources(for target: XcodeTarget, in project: XcodeProject, configuration: URL?) -> [URL] {
        let named = configuration.map(GenerateInvocation.modulesNamed) ?? []
        var seen = Set(swiftFiles(of: target).map(\.standardizedFileURL))
        return project.targets.filter { $0.id != target.id && named.contains($0.displayName) }
            .flatMap(swiftFiles).filter { seen.insert($0.standardizedFileURL).inserted }
    }

    /// A target's compiled Swift files.
    static func swiftFiles(of target: XcodeTarget) -> [URL] {
        target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
    }
}
#endif
