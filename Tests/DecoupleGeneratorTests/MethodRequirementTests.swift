import DecoupleGenerator
import DecoupleTestSupport
import Testing

/// A method requirement is met by a method of the same signature, compared as parsed: labels
/// must agree, and parameter and return types must name the same types however they are spelled.
@Suite struct MethodRequirementTests {
    private let protocols = """
        protocol Priced {
            var price: String { get }
            func formatted(in currency: Swift.String, digits: Swift.Int) -> Swift.String
            func reload()
        }
        """

    @Test func moduleQualifiedTypes_matchTheirShortSpelling() {
        let output = generate(["P.swift": protocols, "M.swift": model(
            "Invoice", formatted: "formatted(in currency: String, digits: Int) -> String", reload: "reload() -> Void")])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Invoice: Priced

            extension Invoice: Priced {
                internal var price: Swift.String {
                    Swift.String(describing: self.total)
                }
            }
            """
        }
    }

    @Test func emptyTupleAndVoid_areTheSameReturnType() {
        let output = generate(["P.swift": protocols, "M.swift": model(
            "Invoice", formatted: "formatted(in currency: Swift.String, digits: Swift.Int) -> Swift.String", reload: "reload() -> ()")])
        #expect(output.contains("extension Invoice: Priced {"), "\(output)")
    }

    @Test func differentParameterType_orLabel_orReturnType_isNotTheRequirement() {
        let output = generate(["P.swift": protocols, "M.swift": [
            model("ByType", formatted: "formatted(in currency: String, digits: Double) -> String"),
            model("ByLabel", formatted: "formatted(with currency: String, digits: Int) -> String"),
            model("ByReturn", formatted: "formatted(in currency: String, digits: Int) -> Substring"),
        ].joined(separator: "\n")])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:14: error: 'ByType' does not implement method requirement 'formatted(in: Swift.String, digits: Swift.Int) -> Swift.String' of 'Priced' (it has 'formatted(in: String, digits: Double) -> String') [#MissingMethod]
            M.swift:7:14: error: 'ByLabel' does not implement method requirement 'formatted(in: Swift.String, digits: Swift.Int) -> Swift.String' of 'Priced' (it has 'formatted(with: String, digits: Int) -> String') [#MissingMethod]
            M.swift:13:14: error: 'ByReturn' does not implement method requirement 'formatted(in: Swift.String, digits: Swift.Int) -> Swift.String' of 'Priced' (it has 'formatted(in: String, digits: Int) -> Substring') [#MissingMethod]
            """
        }
    }

    /// A model for `Priced`, annotated, with the two methods declared as given.
    private func model(_ name: String, formatted: String, reload: String = "reload()") -> String {
        """
        // decouple: Priced(price: total)
        struct \(name) {
            var total: Double
            func \(formatted) { fatalError() }
            func \(reload) {}
        }
        """
    }
}
