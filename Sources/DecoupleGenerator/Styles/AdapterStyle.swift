// MARK: - AdapterStyle

/// One way to adapt a model to a protocol: the checks only it makes, and the declarations it
/// writes. A resolved adapter holds its style, and the resolver and the emitter ask it; neither
/// tests which style it is. A new style is a type conforming to this protocol and a case in
/// ``OutputStyle/adapterStyle``, the one place a style's name is turned into its style.
protocol AdapterStyle: Sendable {
    /// Its name in the configuration and in messages.
    var name: OutputStyle { get }

    /// Whether the generated code conforms the model itself, adding its witnesses to the model's
    /// members (the conformance and proxy styles); otherwise an adapter type of its own holds the
    /// model and forwards to it (the factory style).
    var extendsTheModel: Bool { get }

    /// Whether requirements are read through key paths, which name neither methods nor
    /// properties read with `get async` or `get throws` (the proxy style).
    var readsThroughKeyPaths: Bool { get }

    /// The checks only this style makes of a model adapted to a protocol, before each
    /// requirement is bound: every problem, in the order a reader meets them.
    func check(_ candidate: AdapterCandidate, in resolver: Resolver) -> [Diagnostic]

    /// The problem with reading `member`, a `@MainActor` member of a model that is not, for
    /// the protocol, if there is one.
    func mainActorReadProblem(_ member: MemberDeclaration, of protocolDeclaration: ProtocolDeclaration, in resolver: Resolver) -> Diagnostic?

    /// What is wrong with adapting `model` to `protocolDeclaration`, which refines `refinement`,
    /// a protocol of another module whose requirements generated code does not write (the end
    /// of a sentence that names them), or `nil` when this style can: `modelConforms` says
    /// whether the model declares the refinement itself.
    func libraryRefinementProblem(_ refinement: String, of protocolDeclaration: ProtocolDeclaration, model: TypeDeclaration, modelConforms: Bool) -> String?

    /// Whether the adapter is written by this style beyond the model's conformance: a type of
    /// its own, or support for its protocol.
    func writesMore(for adapter: ResolvedAdapter) -> Bool

    /// The sections this style writes beside the models' conformances, for its own adapters,
    /// each with its title and declarations, as code for the renderer to write (``Code``).
    /// `takenNames`: the top-level names the sources use.
    func sections(for adapters: [ResolvedAdapter], takenNames: Set<String>) -> [(title: String, decls: [[Code]])]
}

/// One model adapted to one protocol, as a request asks: what a style's checks read.
struct AdapterCandidate {
    var request: AdapterRequest
    var model: TypeDeclaration
    var protocolDeclaration: ProtocolDeclaration
}

extension OutputStyle {
    /// The style's type: the registration of every style.
    var adapterStyle: any AdapterStyle {
        switch self {
        case .conformance: ConformanceStyle()
        case .factory: FactoryStyle()
        case .proxy: ProxyStyle()
        }
    }
}

extension AdapterStyle {
    /// A tag picks the model to decode from data, which only the factory does.
    func tagProblem(_ candidate: AdapterCandidate) -> Diagnostic? {
        guard candidate.request.tag != nil else { return nil }
        return Diagnostic("\"tag\" applies to the factory style only; add \"style\": \"factory\"", rule: .tagOutsideFactory, at: candidate.request.position)
    }
}
