// MARK: - Resolver: look-up

/// The model and protocol a request names.
extension Resolver {
    /// The declarations a request means: one, or the alternatives of one type under `#if`
    /// branches. Anything else that shares the name is a problem only here, where it matters.
    mutating func findModel(_ request: AdapterRequest) -> [TypeDeclaration] {
        if let pinned = request.declarationPosition {
            return (catalog.declarations[request.model] ?? []).filter { $0.position == pinned }
        }
        var names = catalog.typeNames(matching: request.model)
        // A model named by a type alias of the sources (`typealias HourlyForecast = Forecast.Hourly`)
        // is the type it names.
        // The alias's type is read as the sources write it: `` `Raw Model` `` names `Raw Model`.
        if names.isEmpty, let aliased = catalog.typeAlias(named: request.model, in: nil) {
            let path = QualifiedName(aliased).components
            names = catalog.typeNames(matching: path.isEmpty ? aliased : path.joined(separator: "."))
        }
        guard names.count == 1 else {
            if names.count > 1 {
                diagnostics.append(Diagnostic(
                    "model name '\(request.model)' is ambiguous; qualify it as one of: \(names.joined(separator: ", "))",
                    rule: .ambiguousModel, at: request.modelPosition))
            } else {
                let known = catalog.allTypes.flatMap { [$0.name, $0.qualifiedName] }
                let suggestion = Suggestion.didYouMean(request.model, among: Array(Set(known)))
                // A model of another target is read only when the adapter names that target.
                let otherModule = request.module == nil ? "; if another target declares it, name that target as the adapter's \"module\"" : ""
                var unknown = Diagnostic(
                    "unknown model '\(request.model)': the sources declare no type of that name\(suggestion.isEmpty ? otherModule : suggestion)",
                    rule: .unknownModel, at: request.modelPosition)
                unknown.missingName = request.model
                diagnostics.append(unknown)
            }
            return []
        }
        var candidates = catalog.declarations[names[0]] ?? []
        if let module = request.module {
            let inModule = candidates.filter { $0.isIn(module: module) }
            guard !inModule.isEmpty else {
                diagnostics.append(Diagnostic(
                    "no '\(names[0])' is declared in module or folder '\(module)'; it is declared at \(candidates.map(\.position.description).joined(separator: ", "))",
                    rule: .modelNotInModule, at: request.modulePosition ?? request.modelPosition))
                return []
            }
            candidates = inModule
        }
        // A file-private type is not what an adapter in another file means, when another is.
        let visible = candidates.filter { !$0.isFilePrivate }
        if !visible.isEmpty { candidates = visible }
        // Alternatives under `#if` are one type; unconditional namesakes, or namesakes in
        // different modules, are different types.
        let modules = Set(candidates.map { $0.module ?? "" })
        if candidates.count > 1, candidates.contains(where: \.conditions.isEmpty) || modules.count > 1 {
            let listed = candidates.map { type in "\(type.position)" + (type.module.map { " (module \($0))" } ?? "") }
            diagnostics.append(Diagnostic(
                "model name '\(request.model)' is ambiguous: '\(names[0])' is declared at \(listed.joined(separator: ", ")); choose one with \"module\": \"<target or folder>\" in the adapter, or pass fewer paths",
                rule: .ambiguousModel, at: request.modelPosition))
            return []
        }
        return candidates
    }

    mutating func findProtocol(_ request: AdapterRequest) -> ProtocolDeclaration? {
        if let name = catalog.resolveProtocolName(request.protocolName), let found = catalog.protocols[name] { return found }
        let names = catalog.protocols.values.map(\.name)
        var unknown = Diagnostic(
            "unknown protocol '\(request.protocolName)' (known: \(names.sorted().joined(separator: ", ")))\(Suggestion.didYouMean(request.protocolName, among: names))",
            rule: .unknownProtocol, at: request.protocolPosition)
        unknown.missingName = request.protocolName
        diagnostics.append(unknown)
        return nil
    }
}
