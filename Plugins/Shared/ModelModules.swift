import Foundation
import PackagePlugin

/// The models a target's `decouple.json` adapts from other modules (an adapter's `"module"`):
/// the Swift files of those modules, which `decouple generate` reads for their declarations
/// only (`--context`). Both plugins hand them to the tool, so the build command reruns when one
/// of them changes and `generate-adapters` writes what the build plugin would. The tool finds a
/// model of such a file by the folder the file is in (`Sources/Models/…` for `"Models"`).
enum ModelModules {
    /// In SwiftPM: the targets `module` depends on, directly or not, in this package or through
    /// products, whose name or module name an adapter names (`my-lib` or `my_lib`). Files, not
    /// folders: what a target excludes is not read.
    static func sources(for module: SourceModuleTarget, configuration: URL?) -> [URL] {
        let named = configuration.map(GenerateInvocation.modulesNamed) ?? []
        guard !named.isEmpty else { return [] }
        return module.recursiveTargetDependencies.compactMap(\.sourceModule)
            .filter { named.contains($0.name) || named.contains($0.moduleName) }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
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
