// The part of Xcode's XcodeProjectPlugin module that Decouple's plugins use, declared as Apple
// documents it (developer.apple.com/documentation/packageplugin: XcodeBuildToolPlugin,
// XcodeCommandPlugin, XcodePluginContext, XcodeProject, XcodeTarget), so that
// scripts/check-xcode-plugins.sh can type-check the plugins' Xcode extensions where no Xcode
// is. Only declarations: nothing here runs. The fields match the invocation record that
// PackagePlugin itself declares for Xcode (`XcodeProjectPluginInvocationRecord`).
import Foundation
import PackagePlugin

public protocol XcodeBuildToolPlugin: Plugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public protocol XcodeCommandPlugin: Plugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    public let pluginWorkDirectoryURL: URL
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("a declaration only") }
}

public struct XcodeProject {
    public typealias ID = String
    public let id: ID
    public let displayName: String
    public let directoryURL: URL
    public let filePaths: PathList
    public let targets: [XcodeTarget]
}

public struct XcodeTarget {
    public typealias ID = String
    public let id: ID
    public let displayName: String
    public let product: XcodeProduct?
    public let inputFiles: FileList
}

public struct XcodeProduct {
    public let name: String
    public let kind: Kind
    public enum Kind {
        case application, executable, framework, library, other(String)
    }
}
