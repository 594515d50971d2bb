import SwiftCompilerPlugin
import SwiftSyntaxMacros

// MARK: - Plugin

@main
struct DecoupleMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [AdaptsMacro.self, MapsMacro.self]
}
