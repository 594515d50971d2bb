import Foundation

/// What can go wrong when registering with or asking a ``ContentFactory``.
///
/// Every case names the type or tag at fault, and the look-up failures list what *is* registered,
/// so the message alone tells you what to fix; a type or a tag one typo away from a registered
/// one also gets "did you mean".
public enum ContentFactoryError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No adapter is registered for the model's type, nor for any of its superclasses.
    case unregisteredType(String, registered: [String])
    /// The model is `nil`: an empty optional, named by its type (`Optional<Contact>`).
    ///
    /// A case of its own, because the factory looks through an optional for the model inside,
    /// and an empty one has none: told as an unregistered `Optional<Contact>`, it read as if
    /// `Contact` had no adapter, when `Contact` may well be registered.
    case nilModel(String)
    /// No adapter is registered for a type tag found in data.
    case unregisteredTag(String, registered: [String])
    /// The model type was registered before; the first registration stays in force.
    case duplicateType(String)
    /// The type tag was registered before; the first registration stays in force.
    case duplicateTag(String, registeredFor: String)
    /// The data handed to ``ContentFactory/decodeFeed(from:tagKey:configure:)`` is not a JSON array,
    /// or not one whose items can be told apart (a bracket or string is never closed), so no item
    /// was decoded. The reason says what is wrong and where (line and column).
    case malformedFeed(String)

    public var description: String {
        switch self {
        case let .unregisteredType(type, registered):
            "no adapter registered for model type '\(type)'; registered types: \(Self.list(registered))"
                + (NearestName.suggestion(for: type, among: registered).map { "; did you mean '\($0)'?" } ?? "")
        case let .nilModel(type):
            "the model is nil (an empty '\(type)'), so there is nothing to adapt; unwrap it, or leave out the nils (compactMap) before adapting"
        case let .unregisteredTag(tag, registered):
            "no adapter registered for type tag \"\(tag)\"; registered tags: \(Self.list(registered.prefix(Self.listedTags).map { "\"\($0)\"" }, of: registered.count))"
                + (NearestName.suggestion(for: tag, among: registered).map { "; did you mean \"\($0)\"?" } ?? "")
        case let .duplicateType(type):
            "model type '\(type)' is already registered; the first registration is kept"
        case let .duplicateTag(tag, registeredFor):
            "type tag \"\(tag)\" is already registered for '\(registeredFor)'; the first registration is kept"
        case let .malformedFeed(reason):
            "the feed cannot be read as a JSON array, so none of its items were decoded: \(reason)"
        }
    }

    public var errorDescription: String? { description }

    /// How many tags a message lists at most, so that it stays short however many are
    /// registered: a feed says it for each item with an unregistered tag.
    static let listedTags = 10

    /// The first names of a list of `count`, and how many more there are.
    private static func list(_ names: [String], of count: Int? = nil) -> String {
        guard !names.isEmpty else { return "(none)" }
        let more = (count ?? names.count) - names.count
        return names.joined(separator: ", ") + (more > 0 ? ", … and \(more) more" : "")
    }
}

/// One feed item that could not be turned into content.
///
/// ``ContentFactory/decodeFeed(from:tagKey:configure:)`` keeps going past a bad item; each of
/// the first ``Feed/errorLimit`` becomes a `FeedItemError` that says where it is and what was
/// wrong, and the others are counted in ``Feed/errorCount``.
public struct FeedItemError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The item's position in the feed, counting from zero.
    public var index: Int
    /// The item's type tag, when it had a readable one.
    public var tag: String?
    /// What was wrong, in words.
    public var reason: String {
        get {
            switch problem {
            case let .told(reason): reason
            case let .unregisteredTag(tag, registered): ContentFactoryError.unregisteredTag(tag, registered: registered.names).description
            }
        }
        set { problem = .told(newValue) }
    }

    /// Kept as what it is, and told in words only when asked: a feed with many items of
    /// unregistered tags shares one list of the registered ones, rather than writing it out for
    /// each item.
    private var problem: Problem

    private enum Problem: Sendable {
        case told(String)
        case unregisteredTag(String, RegisteredTags)
    }

    init(index: Int, tag: String?, reason: String) {
        self.index = index
        self.tag = tag
        self.problem = .told(reason)
    }

    init(index: Int, unregisteredTag tag: String, registered: RegisteredTags) {
        self.index = index
        self.tag = tag
        self.problem = .unregisteredTag(tag, registered)
    }

    public static func == (lhs: FeedItemError, rhs: FeedItemError) -> Bool {
        lhs.index == rhs.index && lhs.tag == rhs.tag && lhs.reason == rhs.reason
    }

    public var description: String {
        if let tag {
            "item \(index) (\"\(tag)\"): \(reason)"
        } else {
            "item \(index): \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
