import Foundation

// MARK: - Feed

/// The outcome of decoding a heterogeneous feed: every item, in order, as content or as the
/// error that kept it from becoming content.
///
/// ```swift
/// let feed = try factory.decodeFeed(from: data)
/// show(feed.items)                 // the good ones
/// for error in feed.errors {       // the bad ones, by index
///     log(error)                   // item 2 ("video"): no adapter registered for type tag …
/// }
/// ```
public struct Feed<Content> {
    /// One result per item of the feed, in feed order.
    public var entries: [Result<Content, FeedItemError>]

    public init(entries: [Result<Content, FeedItemError>]) {
        self.entries = entries
    }

    /// The items that decoded, in feed order.
    public var items: [Content] {
        entries.compactMap { try? $0.get() }
    }

    /// The items that did not decode, in feed order.
    public var errors: [FeedItemError] {
        entries.compactMap { entry in
            if case let .failure(error) = entry { error } else { nil }
        }
    }
}

extension Feed: Sendable where Content: Sendable {}

extension ContentFactory {
    /// Decodes a JSON array of tagged objects into content, keeping the good items when some are bad.
    ///
    /// Each item is an object whose `tagKey` field names the model to decode it as:
    /// `[{"type": "user", "name": "Ann", "age": "30"}, {"type": "story", …}]`. An item with no tag,
    /// an unregistered tag or fields that don't match its model becomes a ``FeedItemError`` with its
    /// index; the other items are unaffected.
    ///
    /// - Parameters:
    ///   - data: The JSON text.
    ///   - tagKey: The field that holds each item's type tag, as the JSON spells it
    ///     (`"item_type"`, also under `.convertFromSnakeCase`).
    ///   - configure: Adjusts the `JSONDecoder` used (date and key strategies).
    /// - Throws: ``ContentFactoryError/malformedFeed(_:)`` when `data` is not a JSON array at all.
    public func decodeFeed(
        from data: Data,
        tagKey: String = "type",
        configure: (JSONDecoder) -> Void = { _ in }
    ) throws(ContentFactoryError) -> Feed<Content> {
        let decoder = JSONDecoder()
        configure(decoder)
        decoder.userInfo[feedContextKey] = FeedContext(
            factory: self, tagKey: tagKey, containerKey: Self.key(tagKey, as: decoder.keyDecodingStrategy))
        do {
            let slots = try decoder.decode([FeedSlot<Content>].self, from: data)
            return Feed(entries: slots.map(\.result))
        } catch {
            throw .malformedFeed(describe(error))
        }
    }
}

// MARK: - Decoding one item

private let feedContextKey = CodingUserInfoKey(rawValue: "Decouple.feedContext")!

private struct FeedContext<Content>: Sendable {
    let factory: ContentFactory<Content>
    /// As the JSON spells it, for messages.
    let tagKey: String
    /// As the decoder's key strategy turns it: what an item's container holds.
    let containerKey: String
}

extension ContentFactory {
    /// `key` as a decoder with `strategy` presents it: the strategy is applied to a one-key
    /// object, so a custom strategy is honoured too.
    fileprivate static func key(_ key: String, as strategy: JSONDecoder.KeyDecodingStrategy) -> String {
        if case .useDefaultKeys = strategy { return key }
        let probe = JSONDecoder()
        probe.keyDecodingStrategy = strategy
        guard let object = try? JSONSerialization.data(withJSONObject: [key: 0]),
              let converted = try? probe.decode(KeyProbe.self, from: object).key else { return key }
        return converted
    }
}

/// The one key of a one-key object, as the decoder presents it.
private struct KeyProbe: Decodable {
    let key: String?

    init(from decoder: any Decoder) throws {
        key = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.first?.stringValue
    }
}

/// Decodes one item without ever throwing, so that one bad item does not end the array.
private struct FeedSlot<Content>: Decodable {
    let result: Result<Content, FeedItemError>

    init(from decoder: any Decoder) {
        let index = decoder.codingPath.last?.intValue ?? 0
        guard let context = decoder.userInfo[feedContextKey] as? FeedContext<Content> else {
            result = .failure(FeedItemError(index: index, tag: nil, reason: "decoded outside ContentFactory.decodeFeed"))
            return
        }
        let tagKey = AnyCodingKey(context.containerKey)
        var tag: String?
        do {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            guard container.contains(tagKey) else {
                result = .failure(FeedItemError(index: index, tag: nil, reason: "missing type tag \"\(context.tagKey)\""))
                return
            }
            let value = try container.decode(String.self, forKey: tagKey)
            tag = value
            result = .success(try context.factory.decode(tag: value, from: decoder))
        } catch let error as ContentFactoryError {
            result = .failure(FeedItemError(index: index, tag: tag, reason: error.description))
        } catch {
            result = .failure(FeedItemError(index: index, tag: tag, reason: describe(error, below: decoder.codingPath.count)))
        }
    }
}

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Says what a decoding error means in a sentence, with the path relative to the item.
func describe(_ error: any Error, below depth: Int = 0) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
        let keys = codingPath.dropFirst(depth).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return keys.isEmpty ? "the value" : "'" + keys.joined(separator: ".") + "'"
    }
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case let .keyNotFound(key, context):
        let at = context.codingPath.count > depth ? " in \(path(context.codingPath))" : ""
        return "missing field '\(key.stringValue)'\(at)"
    case let .typeMismatch(type, context):
        return "\(path(context.codingPath)) is not \(article(type)): \(context.debugDescription)"
    case let .valueNotFound(type, context):
        return "\(path(context.codingPath)) is null where \(article(type)) is expected"
    case let .dataCorrupted(context):
        let underlying = (context.underlyingError as NSError?).map { " (\($0.localizedDescription))" } ?? ""
        return context.codingPath.count > depth
            ? "\(path(context.codingPath)): \(context.debugDescription)\(underlying)"
            : "\(context.debugDescription)\(underlying)"
    @unknown default:
        return String(describing: error)
    }
}

private func article(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Dictionary") { return "an object" }
    if name.hasPrefix("Array") { return "an array" }
    return "a " + name
}
