// MARK: - MemberTable

/// The members of a content protocol by name, so a ``ForwardingProxy`` can answer
/// `responds(to: "title")` and `value(forMember: "title")` — look-ups for templates,
/// configuration and scripting, where the member's name is data.
///
/// Swift cannot list a protocol's members at run time, so the names are written down once, here.
///
/// ```swift
/// protocol HeadlineContent { var headline: String { get } }
/// struct Article: HeadlineContent { var headline = "Decoupled!" }
///
/// extension MemberTable where Root == any HeadlineContent {
///     static let headlineContent = MemberTable(["headline": \.headline])
/// }
///
/// let proxy = ForwardingProxy()
/// proxy.inject(Article(), as: HeadlineContent.self, members: .headlineContent)
/// print(proxy.responds(to: "headline"))   // true; injected without `members:`, false
/// ```
///
/// The `decouple` tool writes these tables for your protocols (output style `proxy`). The
/// library's own protocols have theirs built in. Members are read by name on the main actor, so
/// a table may read members that are isolated to it.
public struct MemberTable<Root>: Sendable {
    /// Reads one member from a root, on the main actor.
    public typealias Reader = @MainActor @Sendable (Root) -> Any

    // Sorted by name: a content protocol has a handful of members, and comparing a few short
    // names is cheaper than hashing one.
    let members: [Member]

    // A struct, not a tuple: an array keeps a tuple's closure in its most general form, and
    // taking it out then allocates a thunk on every look-up.
    struct Member {
        let name: String
        let read: Reader
    }

    /// Creates a table from member names and the key paths that read them.
    ///
    /// - Parameter members: Each requirement's name and a key path into the protocol.
    /// Key path literals that capture nothing that is not `Sendable` are `Sendable` (SE-0418).
    public init(_ members: [String: any PartialKeyPath<Root> & Sendable]) {
        self.init(readers: members.mapValues { keyPath in
            { $0[keyPath: keyPath] }
        })
    }

    /// Creates a table from member names and closures that read them.
    ///
    /// A closure reads a member faster than applying a `PartialKeyPath`, which the run time
    /// cannot specialise: the library's own tables use this form, and `value(forMember:)` through
    /// them costs about half of what it does through key paths (see `Benchmarks/`).
    ///
    /// ```swift
    /// protocol HeadlineContent { var headline: String { get } }
    ///
    /// let headlineReaders = MemberTable<any HeadlineContent>(readers: ["headline": { $0.headline }])
    /// ```
    public init(readers: [String: Reader]) {
        members = readers.map { Member(name: $0.key, read: $0.value) }.sorted { $0.name < $1.name }
    }

    /// The member names, sorted.
    public var names: [String] { members.map(\.name) }

    func reader(for name: String) -> Reader? {
        for member in members where member.name == name { return member.read }
        return nil
    }
}

extension MemberTable where Root == any TitledContent {
    /// The members of ``TitledContent``: `title`, `subtitle`.
    public static let titledContent = MemberTable(readers: ["title": { $0.title }, "subtitle": { $0.subtitle }])
}

extension MemberTable where Root == any NamedImageContent {
    /// The members of ``NamedImageContent``: `name`, `image`.
    public static let namedImageContent = MemberTable(readers: ["name": { $0.name }, "image": { $0.image }])
}

/// A member table with its root type erased, as the proxy's registry stores it: one reader
/// per member, made when the table is injected. Immutable.
final class AnyMemberTable: Sendable {
    typealias Reader = @MainActor @Sendable (AnyObject) -> Any?

    let names: [String]
    private let readers: [Reader]

    init<Root>(_ table: MemberTable<Root>) {
        names = table.names
        readers = table.members.map { member in
            let read = member.read
            return { object in ForwardingProxy.read(object, as: Root.self, read) }
        }
    }

    /// Where a member is in the table, or `nil` when the table has no member of that name.
    func index(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// Reads the member at `index` (from ``index(of:)``) from an injected object.
    @MainActor
    func read(at index: Int, from object: AnyObject) -> Any? {
        readers[index](object)
    }

    /// The tables of the library's own content protocols, found without being passed.
    static func builtIn(for id: ObjectIdentifier) -> AnyMemberTable? {
        switch id {
        case ObjectIdentifier((any TitledContent).self): AnyMemberTable(MemberTable.titledContent)
        case ObjectIdentifier((any NamedImageContent).self): AnyMemberTable(MemberTable.namedImageContent)
        default: nil
        }
    }
}
