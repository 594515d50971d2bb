import Foundation

// MARK: - ConfigurationProposal

/// A first `decouple.json` for sources that have none: every model paired with every content
/// protocol whose requirements all match its members by name, and that the generator adapts as
/// they stand (types, access, isolation, styles all checked as `generate` checks them). A pair
/// that matches only in part is left out, with a warning that names what is missing, for the
/// user to map by hand.
///
/// When the configuration is written into a target's folder (`Sources/NAME/decouple.json`), a
/// model of another target gets that target as its `"module"`, which the plugins need to hand
/// the tool its files, and is proposed only when that target lets NAME see what the adapter reads.
package struct ConfigurationProposal: Sendable {
    /// The adapters proposed: a model's qualified name, a protocol's, and the model's target when
    /// it is not the configuration's, in the order of the models' names, then the protocols'.
    package var adapters: [(model: String, protocolName: String, module: String?)] = []
    /// The near misses: one warning per pair that matches at least half the requirements by
    /// name, or matches them all and is refused, with the reason.
    package var warnings: [Diagnostic] = []

    /// Proposes adapters for the sources, whose problems (a file that does not parse) are
    /// warnings here: a proposal is made from what could be read.
    ///
    /// - Parameter configurationPath: Where the configuration goes; the target whose folder it is
    ///   in, if any, is where the adapters are generated.
    package static func propose(for sources: [SourceFile], configurationPath: String? = nil) -> ConfigurationProposal {
        let outputModule = configurationPath.flatMap(SourceScanner.moduleName(ofPath:))
        let catalog = Generator.catalog(of: sources)
        var proposal = ConfigurationProposal()
        proposal.warnings = catalog.warnings
        let protocols = catalog.protocols.values.filter { !$0.requirements.isEmpty && $0.unsupported.isEmpty }
            .sorted { $0.qualifiedName < $1.qualifiedName }
        var resolver = Resolver(catalog: catalog, policy: .tool)
        resolver.outputModuleOrigin = "the target whose folder the configuration is written in"
        var seen: Set<String> = []
        for model in catalog.allTypes where !model.isFilePrivate && seen.insert(model.qualifiedName).inserted {
            let names = Set(model.members.map { ExactName($0.name) })
            for protocolDeclaration in protocols where !model.conforms(to: protocolDeclaration.qualifiedName) {
                let requirements = protocolDeclaration.requirements
                let missing = requirements.filter { !names.contains(ExactName($0.name)) }.map(\.name)
                guard missing.count * 2 <= requirements.count else { continue }
                let pair = "'\(model.qualifiedName)' and '\(protocolDeclaration.name)'"
                guard missing.isEmpty else {
                    proposal.warnings.append(Diagnostic(
                        "\(pair) share \(requirements.count - missing.count) of \(requirements.count) requirement names; map \(missing.map { "'\($0)'" }.joined(separator: ", ")) by hand to adapt it",
                        rule: .partialMatch, at: model.position, severity: .warning))
                    continue
                }
                var own = resolver
                var request = AdapterRequest(model: model.qualifiedName, protocolName: protocolDeclaration.qualifiedName)
                if let outputModule, let module = model.module, module != outputModule { request.module = module }
                let adapters = own.resolve(request, defaultStyle: .conformance, outputModule: outputModule)
                if let problem = own.diagnostics.first {
                    proposal.warnings.append(Diagnostic(
                        "\(pair) match by name, but the adapter is refused: \(problem.message)",
                        rule: .partialMatch, at: model.position, severity: .warning))
                } else if !adapters.isEmpty {
                    proposal.adapters.append((model.qualifiedName, protocolDeclaration.qualifiedName, request.module))
                }
            }
        }
        return proposal
    }

    /// The configuration, as `decouple.json` holds it: one adapter a line.
    package var json: String {
        func string(_ text: String) -> String {
            let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        }
        let entries = adapters.map { adapter in
            let module = adapter.module.map { ", \"module\": \(string($0))" } ?? ""
            return "    { \"model\": \(string(adapter.model)), \"protocol\": \(string(adapter.protocolName))\(module) }"
        }
        return entries.isEmpty ? "{ \"adapters\": [] }\n" : "{ \"adapters\": [\n\(entries.joined(separator: ",\n"))\n] }\n"
    }
}
