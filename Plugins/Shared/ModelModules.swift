import Foundation
import PackagePlugin

/// The models a target's `decouple.json` adapts from other modules (an adapter's `"module"`):
/// the Swift files of those modules, which `decouple generate` reads for their declarations
/// only (`--context`). Both plugins hand them to the tool, so the build command reruns when one
/// of them changes and `generate-adapters` writes what the build plugin would.
enum ModelModules {
    /// In SwiftPM: the targets `module` depends on, directly or not, in this package or through
    /// products, whose module name an adapter names. Files, not folders: what a target excludes
    /// is not read.
    static func sources(for module: SourceModuleTarget, configuration: URL?) -> [URL] {
        let named = configuration.map(GenerateInvocation.modulesNamed) ?? []
        guard !named.isEmpty else { return [] }
        return module.recursiveTargetDependencies.compactMap(\.sourceModule)
            .filter { named.contains($0.moduleName) }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ModelModules {
    /// In Xcode: the project's other targets whose name, or product's name without its extension
    /// (`Models.framework`), an adapter names. Xcode hands a plugin the project's targets but not
    /// which of them a target depends on, nor the packages it links: a model of a Swift package
    /// is not found from an Xcode target.
    static func sources(for target: XcodeTarget, in project: XcodeProject, configuration: URL?) -> [URL] {
        let named = configuration.map(GenerateInvocation.modulesNamed) ?? []
        guard !named.isEmpty else { return [] }
        return project.targets.filter { other in
            let product = other.product.map { ($0.name as NSString).deletingPathExtension }
            return other.id != target.id && (named.contains(other.displayName) || product.map(named.contains) == true)
        }.flatMap(swiftFiles)
    }

    /// A target's compiled Swift files.
    static func swiftFiles(of target: XcodeTarget) -> [URL] {
        target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
    }
}
#endif
