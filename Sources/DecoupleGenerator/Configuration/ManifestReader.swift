import SwiftParser
import SwiftSyntax

// MARK: - ManifestReader

/// Which targets of a `Package.swift` apply a given plugin, read from the manifest's syntax.
///
/// The command plugin asks this before writing `DecoupleAdapters.swift` into every target with a
/// `decouple.json`: a target that also uses the build plugin would then have two producers of the
/// same file, and its next build would fail. PackagePlugin does not tell a command plugin which
/// plugins a target uses, so the manifest is read instead.
///
/// A manifest is a Swift program, so this is a reading of its text, not of the package it builds.
/// A use is attributed to a target when the plugin is named in the `plugins:` argument of a call
/// with a string-literal `name:` (`.target(name: "App", plugins: ["DecouplePlugin"])`), directly
/// or through top-level constants the argument names. Any other mention in a `plugins:` argument,
/// or in an assignment or call on a `plugins` property (targets made by a helper function, or
/// changed after the package is declared), cannot be attributed and is reported by position, so
/// that the caller can refuse to guess.
package enum ManifestReader {
    package struct PluginUses: Equatable, Sendable {
        /// The targets whose declaration applies the plugin, in manifest order, without repeats.
        package var targets: [String] = []
        /// Where the plugin is applied to a target this reading cannot name.
        package var unattributed: [SourcePosition] = []
    }

    /// The uses of the plugin `plugin` (a plugin product's name) in the manifest `source`, read
    /// from `path` (used in positions only).
    package static func uses(ofPlugin plugin: String, inManifest source: String, path: String) -> PluginUses {
        let tree = Parser.parse(source: source)
        let lines = LineTable(source)
        let constants = topLevelConstants(in: tree)
        var uses = PluginUses()
        let finder = PluginArgumentFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        for site in finder.sites {
            guard mentions(plugin, in: Syntax(site.expression), constants: constants, visited: []) else { continue }
            if let name = site.targetName {
                if !uses.targets.contains(name) { uses.targets.append(name) }
            } else {
                uses.unattributed.append(lines.position(of: site.expression.positionAfterSkippingLeadingTrivia, in: path))
            }
        }
        return uses
    }

    /// Whether `node` names the plugin: a string literal with its name (`"DecouplePlugin"`, or
    /// `.plugin(name: "DecouplePlugin", package: …)`), or an identifier of a top-level constant
    /// whose value does.
    private static func mentions(_ plugin: String, in node: Syntax, constants: [String: ExprSyntax], visited: Set<String>) -> Bool {
        if let literal = node.as(StringLiteralExprSyntax.self), literal.representedLiteralValue == plugin { return true }
        if let reference = node.as(DeclReferenceExprSyntax.self), node.parent?.is(MemberAccessExprSyntax.self) != true {
            let name = reference.baseName.text
            if let value = constants[name], !visited.contains(name) {
                return mentions(plugin, in: Syntax(value), constants: constants, visited: visited.union([name]))
            }
        }
        return node.children(viewMode: .sourceAccurate).contains { mentions(plugin, in: $0, constants: constants, visited: visited) }
    }

    /// `let name = value` and `var name = value` at the top level of the manifest.
    private static func topLevelConstants(in tree: SourceFileSyntax) -> [String: ExprSyntax] {
        var constants: [String: ExprSyntax] = [:]
        for item in tree.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                {
                    constants[name] = value
                }
            }
        }
        return constants
    }
}

/// Every place that can apply a plugin to a target: a `plugins:` argument, and an assignment to,
/// or a call on, a `plugins` property.
private final class PluginArgumentFinder: SyntaxVisitor {
    struct Site {
        var expression: ExprSyntax
        /// The `name:` string literal of the call the argument belongs to, if there is one.
        var targetName: String?
    }

    var sites: [Site] = []

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.label?.text == "plugins",
            let arguments = node.parent?.as(LabeledExprListSyntax.self),
            arguments.parent?.is(FunctionCallExprSyntax.self) == true
        else { return .visitChildren }
        let name = arguments.first { $0.label?.text == "name" }?
            .expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        sites.append(Site(expression: node.expression, targetName: name))
        return .skipChildren
    }

    /// `target.plugins = …` and `target.plugins += …`: unfolded, as the parser leaves them.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count >= 3, isPluginsProperty(elements[0]) else { return .visitChildren }
        let assigns = elements[1].is(AssignmentExprSyntax.self)
            || elements[1].as(BinaryOperatorExprSyntax.self).map { $0.operator.text.hasSuffix("=") } == true
        guard assigns else { return .visitChildren }
        sites.append(Site(expression: ExprSyntax(node), targetName: nil))
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `target.plugins.append(…)`, `target.plugins?.append(contentsOf: …)`.
        if let callee = node.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base, isPluginsProperty(base) {
            sites.append(Site(expression: ExprSyntax(node), targetName: nil))
            return .skipChildren
        }
        return .visitChildren
    }

    private func isPluginsProperty(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        if let optional = expression.as(OptionalChainingExprSyntax.self) { expression = optional.expression }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
        return expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "plugins"
    }
}
