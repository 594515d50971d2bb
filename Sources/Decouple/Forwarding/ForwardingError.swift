import Foundation

/// What can go wrong when a ``ForwardingProxy`` is asked for a member by name, or given an object.
public enum ForwardingError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No live injected object provides a member with this name.
    ///
    /// `injected` lists each protocol with a live object, as `Protocol (member, member)`, or as
    /// `Protocol (no member table)` when it was injected without the ``MemberTable`` that
    /// look-up by name goes through; the message then says how to give it one.
    case noProvider(member: String, injected: [String])
    /// The member exists but its value is not of the requested type.
    case typeMismatch(member: String, expected: String, actual: String)
    /// A value (not a class instance) was injected weakly; only objects can be held weakly.
    case notAnObject(String)

    public var description: String {
        switch self {
        case let .noProvider(member, injected):
            "no injected object provides '\(member)'; injected: \(injected.isEmpty ? "(nothing)" : injected.joined(separator: "; "))"
                + Self.memberTableAdvice(for: injected)
                + (NearestName.suggestion(for: member, among: Self.memberNames(in: injected)).map { "; did you mean '\($0)'?" } ?? "")
        case let .typeMismatch(member, expected, actual):
            "member '\(member)' is \(actual), not \(expected)"
        case let .notAnObject(type):
            "'\(type)' is a value type and cannot be injected weakly; inject it strongly"
        }
    }

    public var errorDescription: String? { description }

    /// What the proxy writes after a protocol injected without a member table.
    private static let noMemberTable = " (no member table)"

    /// The member names in a list of what is injected, each entry `Protocol (member, member)`
    /// as the proxy writes it, or `Protocol (no member table)`.
    private static func memberNames(in injected: [String]) -> [String] {
        injected.flatMap { entry -> [String] in
            guard let open = entry.lastIndex(of: "("), entry.hasSuffix(")"), !entry.hasSuffix(noMemberTable) else { return [] }
            return entry[entry.index(after: open)..<entry.index(before: entry.endIndex)]
                .split(separator: ", ").map(String.init)
        }
    }

    /// How to make the protocols injected without a member table answer by name. Without one
    /// the proxy knows none of a protocol's member names, so a look-up by name misses however
    /// right the name is, and "(no member table)" alone does not say what to do about it.
    private static func memberTableAdvice(for injected: [String]) -> String {
        let bare = injected.filter { $0.hasSuffix(noMemberTable) }.map { String($0.dropLast(noMemberTable.count)) }
        guard let last = bare.last else { return "" }
        guard bare.count > 1 else {
            return "; to find \(last)'s members by name, pass a MemberTable as 'members:' when injecting it,"
                + " or let the decouple tool's proxy style write one"
        }
        return "; to find the members of \(bare.dropLast().joined(separator: ", ")) and \(last) by name,"
            + " pass a MemberTable as 'members:' when injecting each, or let the decouple tool's proxy style write them"
    }
}
