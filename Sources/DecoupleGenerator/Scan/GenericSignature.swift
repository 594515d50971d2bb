import SwiftSyntax

// MARK: - GenericSignature

/// A method's generic parameters and `where` clause, read once at the scan: as written, for a
/// witness to repeat, and as the names and constraints Swift compares when it decides whether a
/// method implements a requirement.
package struct GenericSignature: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `<T: Equatable>` as written, or empty (a protocol extension's method may have a `where`
    /// clause alone).
    var parameterClause: String
    /// `where T.ID == Int` as written, or empty.
    var whereClause: String
    /// The generic parameters' names, in order.
    var parameters: [String]
    /// Every constraint on them, wherever written: `<V: P>` and `<V> where V: P` alike give
    /// `V:P`; a composition gives one per protocol; a same-type requirement is kept whole.
    var constraints: Set<String>

    private enum CodingKeys: String, CodingKey {
        case parameterClause, whereClause, parameters, constraints
    }

    /// Its constraints in order, so that the same signature always codes alike (a set's order
    /// changes from run to run, and the declaration digest reads the coding).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parameterClause, forKey: .parameterClause)
        try container.encode(whereClause, forKey: .whereClause)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(constraints.sorted(), forKey: .constraints)
    }

    /// The function's generic signature, or `nil` when it has none.
    init?(_ function: FunctionDeclSyntax) {
        guard function.genericParameterClause != nil || function.genericWhereClause != nil else { return nil }
        parameterClause = function.genericParameterClause?.writtenText ?? ""
        whereClause = function.genericWhereClause?.writtenText ?? ""
        parameters = []
        constraints = []
        for parameter in function.genericParameterClause?.parameters ?? [] {
            let name = parameter.name.text
            parameters.append(name)
            if let inherited = parameter.inheritedType {
                constraints.formUnion(Self.compact(inherited).split(separator: "&").map { "\(name):\($0)" })
            }
        }
        for requirement in function.genericWhereClause?.requirements ?? [] {
            if case let .conformanceRequirement(conformance) = requirement.requirement {
                let subject = Self.compact(conformance.leftType)
                constraints.formUnion(Self.compact(conformance.rightType).split(separator: "&").map { "\(subject):\($0)" })
            } else {
                constraints.insert(Self.compact(requirement.requirement))
            }
        }
    }

    /// As the scanner has always shown it after a method's name: the clause, then the `where`
    /// clause.
    package var description: String {
        [parameterClause, whereClause].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What a witness writes after its name (`<T: P>`) and after its signature (` where …`,
    /// with its leading space).
    var rendered: (parameters: String, whereClause: String) {
        (parameterClause, whereClause.isEmpty ? "" : " " + whereClause)
    }

    /// The syntax's tokens alone, one space between two words (`repeat each T`) and none
    /// elsewhere, without comments, as the constraints are compared.
    private static func compact(_ syntax: some SyntaxProtocol) -> String {
        var text = ""
        for token in syntax.tokens(viewMode: .sourceAccurate) {
            if let last = text.last, last.isLetter || last.isNumber || last == "_", let first = token.text.first, first.isLetter || first == "_" {
                text += " "
            }
            text += token.text
        }
        return text
    }
}
