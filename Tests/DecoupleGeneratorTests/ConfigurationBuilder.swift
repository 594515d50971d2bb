import DecoupleGenerator

/// A `decouple.json` on one line, as the generator tests write it: a style, and adapters of
/// models to one protocol, each with its map (a JSON object as written, `{"title": "name"}`).
///
///     let configuration = ConfigurationBuilder(protocolName: "Titled", model: "Card")
///     configuration.json(.factory, map: #"{"title": "name"}"#)
///     // {"style": "factory", "adapters": [{"model": "Card", "protocol": "Titled", "map": {"title": "name"}}]}
///
/// A suite keeps a builder with what its tests share, and each call gives what differs.
struct ConfigurationBuilder: Sendable {
    /// The protocol of every adapter.
    var protocolName: String
    /// The model of a call that names none.
    var model: String?
    /// The map of a call that gives none.
    var map = "{}"
    /// `"defaultIsolation": "MainActor"`: the module's declarations are `@MainActor` by default.
    var mainActorByDefault = false

    /// The configuration of several adapters, in a style.
    func json(_ style: OutputStyle, adapters: [(model: String, map: String)]) -> String {
        let isolation = mainActorByDefault ? #""defaultIsolation": "MainActor", "# : ""
        let entries = adapters.map { #"{"model": "\#($0.model)", "protocol": "\#(protocolName)", "map": \#($0.map)}"# }
        return #"{\#(isolation)"style": "\#(style.rawValue)", "adapters": [\#(entries.joined(separator: ", "))]}"#
    }

    /// The configuration of one adapter, in a style: of the builder's model and map where the
    /// call gives none.
    func json(_ style: OutputStyle, model: String? = nil, map: String? = nil) -> String {
        guard let model = model ?? self.model else { preconditionFailure("a configuration of one adapter needs its model") }
        return json(style, adapters: [(model, map ?? self.map)])
    }
}
