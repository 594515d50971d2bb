import Foundation

/// What can go wrong when a ``ForwardingProxy`` is asked for a member by name, or given an object.
public enum ForwardingError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No live injected object provides a member with this name.
    case noProvider(member: String, injected: [String])
    /// The member exists but its value is not of the requested type.
    case typeMismatch(member: String, expected: String, actual: String)
    /// A value (not a class instance) was injected weakly; only objects can be held weakly.
    case notAnObject(String)

    public var description: String {
        switch self {
        case let .noProvider(member, injected):
            "no injected object provides '\(member)'; injected: \(injected.isEmpty ? "(nothing)" : injected.joined(separator: "; "))"
                + (NearestName.suggestion(for: member, among: Self.memberNames(in: injected)).map { "; did you mean '\($0)'?" } ?? "")
        case let .typeMismatch(member, expected, actual):
            "member '\(member)' is \(actual), not \(expected)"
        case let .notAnObject(type):
            "'\(type)' is a value type and cannot be injected weakly; inject it strongly"
        }
    }

    public var errorDescription: String? { description }

    /// The member names in a list of what is injected, each entry `Protocol (member, member)`
    /// as the proxy writes it, or `Protocol (no member table)`.
    private static func memberNames(in injected: [String]) -> [String] {
        injected.flatMap { entry -> [String] in
            guard let open = entry.lastIndex(of: "("), entry.hasSuffix(")"), !entry.hasSuffix("(no member table)") else { return [] }
            return entry[entry.index(after: open)..<entry.index(before: entry.endIndex)]
                .split(separator: ", ").map(String.init)
        }
    }
}
