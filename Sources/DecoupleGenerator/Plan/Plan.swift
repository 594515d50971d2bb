// MARK: - Plan

/// What the renderer writes, decided: the checked adapters, each holding its style; what the
/// generated file imports; and the top-level names the sources take, which the factory style's
/// adapter types must not.
struct Plan: Sendable {
    var adapters: [ResolvedAdapter]
    var imports: [ImportDeclaration]
    var takenNames: Set<String>
    /// Whether the code written names the `Decouple` module (``namesDecouple(_:)``): then it
    /// imports it without conditions.
    var namesDecouple: Bool

    init(adapters: [ResolvedAdapter], imports: [ImportDeclaration] = [], takenNames: Set<String> = []) {
        (self.adapters, self.imports, self.takenNames) = (adapters, imports, takenNames)
        namesDecouple = Self.namesDecouple(adapters)
    }

    /// Whether the code written for these adapters names the `Decouple` module, decided from
    /// what they are, not read from the text: what a style writes beside the conformances (the
    /// factory's `Decouple.ContentFactory`, the proxy's `Decouple.ForwardingProxy`), a
    /// conformance to one of the library's protocols, and a witness that names it
    /// (``Binding/namesDecouple``). The tests check it against the tokens of every file the
    /// compiler oracle and the golden tests write.
    static func namesDecouple(_ adapters: [ResolvedAdapter]) -> Bool {
        adapters.contains { adapter in
            if adapter.style.writesMore(for: adapter) { return true }
            let written = adapter.bindings.filter { !$0.isSatisfiedByModel && !$0.isWrittenByAnotherAdapter }
            if adapter.declaresConformance { return written.contains(where: \.namesDecouple) }
            return adapter.protocolDeclaration.isBuiltIn || written.contains(where: \.namesDecouple)
        }
    }

    init(adapters: [ResolvedAdapter], catalog: Catalog, configuration: Configuration) {
        let topLevel = (Array(catalog.declarations.keys) + Array(catalog.protocols.keys)).filter { !$0.utf8.contains(UInt8(ascii: ".")) }
        self.init(adapters: adapters, imports: Self.imports(for: adapters, in: catalog, configuration: configuration), takenNames: Set(topLevel))
    }

    /// What the generated file imports: what the files declaring the protocols import (the
    /// witnesses spell the requirements' types), and each module the configuration names. When
    /// the configuration names the output's module, a model or protocol whose path shows another
    /// module (`Sources/NAME/…`) is imported from it too. What the models' files import is not
    /// needed: the models' members are read, never spelled, and each import must be a
    /// dependency of the target the file is compiled in.
    private static func imports(for adapters: [ResolvedAdapter], in catalog: Catalog, configuration: Configuration) -> [ImportDeclaration] {
        let outputModule = configuration.module
        let byPath = catalog.imports
        var result: [ImportDeclaration] = []
        for adapter in adapters {
            if let position = adapter.protocolDeclaration.position { result += byPath[position.file] ?? [] }
            // A requirement inherited from a protocol of another file is spelled with that
            // file's names; one typed by the member that feeds it (`Identifiable.id`), with the
            // model's.
            for binding in adapter.bindings {
                if let file = binding.requirement.position?.file { result += byPath[file] ?? [] }
            }
            let declared = adapter.protocolDeclaration.requirements
            if adapter.bindings.contains(where: { binding in declared.contains { $0.name == binding.requirement.name && $0.type.wrapped == Requirement.unseenType } }) {
                result += byPath[adapter.model.position.file] ?? []
            }
            var modules = [adapter.module]
            // A model or protocol read with `--context` is another target's: its module is imported.
            if adapter.module == nil, adapter.model.isContext { modules.append(adapter.model.module) }
            if adapter.protocolDeclaration.isContext {
                modules.append(adapter.protocolDeclaration.module)
            }
            if outputModule != nil {
                modules += [adapter.model.module, adapter.protocolDeclaration.module]
            }
            result += modules.compactMap { $0 }.map { ImportDeclaration(module: SourceScanner.moduleIdentifier($0), conditions: []) }
        }
        return result.filter { $0.module != outputModule.map(SourceScanner.moduleIdentifier) }
    }
}
