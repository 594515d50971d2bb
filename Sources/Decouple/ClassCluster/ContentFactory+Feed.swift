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
    /// index; the other items are unaffected. So does an item that is not valid JSON, one nested
    /// deeper than `JSONDecoder` reads (512 levels), one whose model's `init(from:)` throws, and
    /// one with an object that has the same key twice, or two keys that the decoder's key strategy
    /// makes one (`first_name` and `firstName` under `.convertFromSnakeCase`), which would
    /// otherwise lose a value silently. So does an item with a string that JSON does not allow
    /// (text that is not valid in the feed's encoding, such as a lone UTF-16 surrogate; a
    /// backslash that begins no escape; an unescaped control character), which `JSONDecoder`
    /// would refuse only when a model reads that string, without saying where.
    ///
    /// The array is split into items first, so a problem in one item does not cost the others.
    /// Only when the data is not an array at all, or its brackets or strings are not closed so
    /// that its items cannot be told apart, is the whole feed refused.
    ///
    /// Each good item is decoded once (its model's `init(from:)` runs once); an item refused
    /// for a repeated key or an unregistered tag is not decoded. Time and memory are linear in
    /// the data: the tags registered are read once for the feed, and a message that lists them
    /// is written only when it is read, naming at most 10. Nesting is followed without recursion,
    /// at one bit per level past the 512 that `JSONDecoder` reads.
    ///
    /// Messages say where an item or a fault is as a person reading the text sees it: lines end
    /// at LF, CR or CRLF (escaped in a string too), and a column counts the characters (extended
    /// grapheme clusters) before it on its line, from 1, so `é` and `👍🏽` are one each. A sequence
    /// that is not valid in the feed's encoding counts as the one U+FFFD that Swift reads it as.
    /// UTF-8, UTF-16 and UTF-32 text has the same positions.
    ///
    /// - Parameters:
    ///   - data: The JSON text (UTF-8, or UTF-16 or UTF-32 as `JSONDecoder` reads them).
    ///   - tagKey: The field that holds each item's type tag, as the JSON spells it
    ///     (`"item_type"`, also under `.convertFromSnakeCase`).
    ///   - configure: Adjusts the `JSONDecoder` used (date and key strategies).
    /// - Throws: ``ContentFactoryError/malformedFeed(_:)`` when `data` is not a JSON array whose
    ///   items can be told apart, saying where it goes wrong.
    public func decodeFeed(
        from data: Data,
        tagKey: String = "type",
        configure: (JSONDecoder) -> Void = { _ in }
    ) throws(ContentFactoryError) -> Feed<Content> {
        let decoder = JSONDecoder()
        configure(decoder)
        let scanner: FeedScanner
        do {
            scanner = try FeedScanner(data, tagKey: tagKey, keys: KeyConverter(decoder.keyDecodingStrategy))
        } catch {
            throw .malformedFeed(error.message)
        }
        // The tags registered now, once for the feed: an item with another tag is refused
        // without a look-up, and its message lists them only when it is read.
        decoder.userInfo[feedContextKey] = FeedContext(
            factory: self, tagKey: tagKey, containerKey: Self.key(tagKey, as: decoder.keyDecodingStrategy),
            tags: RegisteredTags(registeredTags), items: scanner.items, duplicates: scanner.duplicates)
        let text = scanner.text
        let limit = FeedScanner.nestingLimit
        // One decoder call for the whole array is the fast way. JSONDecoder reads the whole text
        // before it decodes a value, so when it refuses the array no item was decoded yet; each
        // item is then decoded on its own, so that only the items it refuses are lost. Either
        // way each item is decoded once.
        if scanner.items.allSatisfy({ !$0.range.isEmpty && $0.depth < limit && $0.flaw == nil }),
           let all = try? decoder.decode(FeedItems<Content>.self, from: text), all.entries.count == scanner.items.count {
            return Feed(entries: all.entries)
        }
        var entries: [Result<Content, FeedItemError>] = []
        entries.reserveCapacity(scanner.items.count)
        for (index, item) in scanner.items.enumerated() {
            let at = "the item at line \(item.line), column \(item.column)"
            guard !item.range.isEmpty else {
                entries.append(.failure(FeedItemError(index: index, tag: nil, reason: "the item is empty: there is nothing between its commas or brackets")))
                continue
            }
            // Foundation's JSONDecoder refuses text nested more than 512 arrays and objects deep.
            guard item.depth <= limit else {
                entries.append(.failure(FeedItemError(index: index, tag: nil, reason:
                    "\(at) is nested \(item.depth) levels deep, deeper than JSONDecoder reads (\(limit) levels)")))
                continue
            }
            if let flaw = item.flaw {
                entries.append(.failure(FeedItemError(index: index, tag: nil, reason: "\(at) \(flaw.reason(encoding: scanner.encoding))")))
                continue
            }
            decoder.userInfo[feedIndexKey] = index
            do {
                let json = text[(text.startIndex + item.range.lowerBound)..<(text.startIndex + item.range.upperBound)]
                entries.append(try decoder.decode(FeedItem<Content>.self, from: json).entry)
            } catch {
                // Foundation on Linux says no more than that the text is not valid JSON; elsewhere it says where.
                let reason = if case let DecodingError.dataCorrupted(context) = error, context.underlyingError == nil {
                    "\(at) is not valid JSON"
                } else {
                    "\(at) is not valid JSON: \(describe(error))"
                }
                entries.append(.failure(FeedItemError(index: index, tag: nil, reason: reason)))
            }
        }
        return Feed(entries: entries)
    }
}

/// The tags a factory had registered when a feed was decoded, shared by the feed's items.
final class RegisteredTags: Sendable {
    /// Sorted.
    let names: [String]
    private let lookUp: Set<String>

    init(_ sorted: [String]) {
        names = sorted
        lookUp = Set(sorted)
    }

    func contains(_ tag: String) -> Bool {
        lookUp.contains(tag)
    }
}

// MARK: - Decoding one item

private let feedContextKey = CodingUserInfoKey(rawValue: "Decouple.feedContext")!
/// The index of an item decoded on its own.
private let feedIndexKey = CodingUserInfoKey(rawValue: "Decouple.feedIndex")!

/// What the items of one feed share.
private final class FeedContext<Content>: Sendable {
    let factory: ContentFactory<Content>
    /// As the JSON spells it, for messages.
    let tagKey: String
    /// As the decoder's key strategy turns it: what an item's container holds.
    let containerKey: String
    let tags: RegisteredTags
    /// What the scan found of each item: its tag, when it is a plain string.
    let items: [FeedScanner.Item]
    /// The items that have a key twice, by index: refused without decoding them.
    let duplicates: [Int: FeedScanner.DuplicateKey]

    init(factory: ContentFactory<Content>, tagKey: String, containerKey: String, tags: RegisteredTags,
         items: [FeedScanner.Item], duplicates: [Int: FeedScanner.DuplicateKey]) {
        self.factory = factory
        self.tagKey = tagKey
        self.containerKey = containerKey
        self.tags = tags
        self.items = items
        self.duplicates = duplicates
    }

    /// Decodes one item into its entry, never throwing, so that one bad item does not end the array.
    func entry(from decoder: any Decoder, index: Int) -> Result<Content, FeedItemError> {
        // An object with a key twice decodes, one of the values winning; the item is refused instead.
        if !duplicates.isEmpty, let duplicate = duplicates[index] {
            let isTag = duplicate.path.isEmpty && duplicate.key == containerKey
            return .failure(FeedItemError(index: index, tag: isTag ? nil : try? readTag(decoder), reason: duplicate.description))
        }
        var tag: String?
        do {
            // The scan read a plain string tag; any other the decoder reads, and says what is wrong.
            tag = try (index < items.count ? items[index].tag : nil) ?? readTag(decoder)
            guard let tag else {
                return .failure(FeedItemError(index: index, tag: nil, reason: "missing type tag \"\(tagKey)\""))
            }
            guard tags.contains(tag) else {
                return .failure(FeedItemError(index: index, unregisteredTag: tag, registered: tags))
            }
            return .success(try factory.decode(tag: tag, from: decoder))
        } catch let error as ContentFactoryError {
            return .failure(FeedItemError(index: index, tag: tag, reason: error.description))
        } catch {
            return .failure(FeedItemError(index: index, tag: tag, reason: describe(error, below: decoder.codingPath.count)))
        }
    }

    /// The item's tag as the decoder reads it; nil when it has no tag key.
    private func readTag(_ decoder: any Decoder) throws -> String? {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let key = AnyCodingKey(containerKey)
        return container.contains(key) ? try container.decode(String.self, forKey: key) : nil
    }
}

/// The feed's array, decoded item by item into the feed's entries.
private struct FeedItems<Content>: Decodable {
    var entries: [Result<Content, FeedItemError>] = []

    init(from decoder: any Decoder) throws {
        guard let context = decoder.userInfo[feedContextKey] as? FeedContext<Content> else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decoded outside ContentFactory.decodeFeed"))
        }
        var array = try decoder.unkeyedContainer()
        entries.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd {
            let index = array.currentIndex
            entries.append(context.entry(from: try array.superDecoder(), index: index))
        }
    }
}

/// One item of the feed, decoded on its own.
private struct FeedItem<Content>: Decodable {
    let entry: Result<Content, FeedItemError>

    init(from decoder: any Decoder) throws {
        guard let context = decoder.userInfo[feedContextKey] as? FeedContext<Content>,
              let index = decoder.userInfo[feedIndexKey] as? Int else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decoded outside ContentFactory.decodeFeed"))
        }
        entry = context.entry(from: decoder, index: index)
    }
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

extension FeedScanner.DuplicateKey: CustomStringConvertible {
    var description: String {
        let at = path.isEmpty ? "" : " in '\(path)'"
        guard let (first, second) = spellings else {
            return "the key \"\(key)\" appears twice\(at); refused rather than keep only one of its values"
        }
        return "the keys \"\(first)\" and \"\(second)\" are both \"\(key)\" under the decoder's key strategy\(at); refused rather than keep only one of their values"
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
    guard let error = error as? DecodingError else { return describeThrown(error) }
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

/// An error that is not a `DecodingError` (one a model's `init(from:)` or a date strategy threw),
/// named by its type and told in its own words: its `errorDescription` when it is a
/// `LocalizedError`, else its description.
private func describeThrown(_ error: any Error) -> String {
    let type = String(describing: Swift.type(of: error))
    let text: String
    if let localized = (error as? any LocalizedError)?.errorDescription {
        text = localized
    } else if Swift.type(of: error) is NSError.Type {
        text = (error as NSError).localizedDescription
    } else {
        text = String(describing: error)
    }
    return text.hasPrefix(type) ? "decoding it threw \(text)" : "decoding it threw \(type): \(text)"
}

private func article(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Dictionary") { return "an object" }
    if name.hasPrefix("Array") { return "an array" }
    return "a " + name
}
