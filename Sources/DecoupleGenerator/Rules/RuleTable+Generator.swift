// MARK: - The generator

extension RuleDescription {
    /// The generator's own failure, which no input should cause: it has no example.
    static let generatorRules: [RuleDescription] = [
        RuleDescription(.internalError, .generator, explanation: "The generated code does not parse. This is a bug of the generator, never written to disk; please report it with the input that caused it."),
    ]
}
