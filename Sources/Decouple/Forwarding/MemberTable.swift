// MARK: - MemberTable

/// The members of a content protocol by name, so a ``ForwardingProxy`` can answer
/// `responds(to: "title")` and `value(forMember: "title")` — look-ups for templates,
/// configuration and scripting, where the member's name is data.
///
/// ```swift
/// protocol HeadlineContent { var headline: String { get } }
///
/// extension MemberTable where Root == any HeadlineContent {
///     static let headlineContent = MemberTable(["headline": \.headline])
/// }
///
/// proxy.inject(article, as: HeadlineContent.self, members: .headlineContent)
/// proxy.responds(to: "headline")   // true
/// ```
///
/// The `decouple` tool writes these tables for your protocols (output style `proxy`). The
/// library's own protocols have theirs built in.
public struct MemberTable<Root>: @unchecked Sendable {
    // Key paths are immutable once formed; the table is never mutated after init.
    private let members: [String: PartialKeyPath<Root>]

    /// Creates a table from member names and the key paths that read them.
    ///
    /// - Parameter members: Each requirement's name and a key path into the protocol.
    public init(_ members: [String: PartialKeyPath<Root>]) {
        self.members = members
    }

    /// The member names, sorted.
    public var names: [String] { members.keys.sorted() }

    /// Whether the table has a member with this name.
    public func contains(_ name: String) -> Bool { members[name] != nil }

    /// Reads a member by name from an object, or `nil` if the object is not a `Root` or the
    /// table has no such member.
    public func value(of object: Any, member name: String) -> Any? {
        guard let keyPath = members[name],
              let root = (object as? _InjectedObject<Root>)?.value ?? object as? Root else { return nil }
        return root[keyPath: keyPath]
    }
}

extension MemberTable where Root == any TitledContent {
    /// The members of ``TitledContent``: `title`, `subtitle`.
    public static let titledContent = MemberTable(["title": \.title, "subtitle": \.subtitle])
}

extension MemberTable where Root == any NamedImageContent {
    /// The members of ``NamedImageContent``: `name`, `image`.
    public static let namedImageContent = MemberTable(["name": \.name, "image": \.image])
}

/// A member table with its root type erased, as the proxy's registry stores it.
struct AnyMemberTable: Sendable {
    let names: [String]
    private let read: @Sendable (Any, String) -> Any?

    init<Root>(_ table: MemberTable<Root>) {
        names = table.names
        read = { table.value(of: $0, member: $1) }
    }

    func contains(_ name: String) -> Bool { names.contains(name) }
    func value(of object: Any, member: String) -> Any? { read(object, member) }

    /// The tables of the library's own content protocols, found without being passed.
    static func builtIn(for id: ObjectIdentifier) -> AnyMemberTable? {
        switch id {
        case ObjectIdentifier((any TitledContent).self): AnyMemberTable(MemberTable.titledContent)
        case ObjectIdentifier((any NamedImageContent).self): AnyMemberTable(MemberTable.namedImageContent)
        default: nil
        }
    }
}
