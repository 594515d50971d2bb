import Foundation

// MARK: - Feed

/// The outcome of decoding a heterogeneous feed: the items that became content, in order, and
/// what kept the others from it.
///
/// ```swift
/// struct User: Decodable { var name: String }
/// struct Row: TitledContent { var title: String; var subtitle = "" }
///
/// let factory = ContentFactory<any TitledContent>()
/// try factory.register(User.self, tag: "user") { Row(title: $0.name) }
///
/// let json = #"[{"type": "user", "name": "Ann"}, {"type": "video"}]"#
/// let feed = try factory.decodeFeed(from: Data(json.utf8))
/// print(feed.items.map(\.title))   // ["Ann"]: the good ones
/// for error in feed.errors {       // the bad ones, by index
///     print(error)                 // item 1 ("video"): no adapter registered for type tag "video"; …
/// }
/// if feed.errorCount > feed.errors.count { print("… and \(feed.errorCount - feed.errors.count) more") }
/// ```
///
/// The errors of the first ``errorLimit`` bad items are kept; the others are only counted, so
/// that a feed of many small bad items costs no more memory than its size (a message is longer
/// than a bad item can be).
public struct Feed<Content> {
    /// The items that decoded, in feed order.
    public var items: [Content]
    /// The first ``errorLimit`` items that did not decode, in feed order.
    public var errors: [FeedItemError]
    /// How many items did not decode: those in ``errors``, and those past the first
    /// ``errorLimit``, which are counted only.
    public var errorCount: Int

    /// How many bad items a feed keeps the errors of.
    public static var errorLimit: Int { 1_000 }

    /// - Parameters:
    ///   - items: The items that decoded, in feed order.
    ///   - errors: The errors of the items that did not decode, in feed order.
    ///   - errorCount: How many items did not decode; by default, `errors.count`.
    init(items: [Content], errors: [FeedItemError], errorCount: Int? = nil) {
        self.items = items
        self.errors = errors
        self.errorCount = errorCount ?? errors.count
    }

    /// How many items the feed has, good and bad.
    public var count: Int {
        items.count + errorCount
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
    /// that its items cannot be told apart, is the whole feed refused; then no item was decoded.
    /// The errors of the first ``Feed/errorLimit`` bad items are kept, and the rest counted.
    ///
    /// Each good item is decoded once (its model's `init(from:)` runs once); an item refused
    /// for a repeated key or an unregistered tag is not decoded. Time and memory are linear in
    /// the data: items are decoded a few thousand at a time, so `JSONDecoder` never holds more
    /// than those; an item that is not an object is refused without it; the tags registered
    /// are read once for the feed, and a message that lists them is written only when it is
    /// read, naming at most 10. Nesting is followed without recursion, at one bit per level
    /// past the 512 that `JSONDecoder` reads.
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
        var scanner: FeedScanner
        do {
            scanner = try FeedScanner(data, tagKey: tagKey, keys: KeyConverter(decoder.keyDecodingStrategy))
        } catch {
            throw .malformedFeed(error.message)
        }
        var reader = FeedReader(factory: self, decoder: decoder, tagKey: tagKey, scanner: scanner)
        do {
            while let item = try scanner.next() { reader.add(item) }
        } catch {
            // The first reading found the items apart; the second reads the same text.
            throw .malformedFeed(error.message)
        }
        return reader.finish()
    }
}

// MARK: - Reading the items

/// Decodes a feed's items as the scan hands them out, keeping the errors of the first
/// `Feed.errorLimit` bad ones.
///
/// Items that can be decoded wait in a batch, which is decoded with one `JSONDecoder` call when
/// it is large enough: an array of the items, copied together. `JSONDecoder` reads the whole text
/// before it decodes a value, so when it refuses a batch no item was decoded yet; the batch is
/// then halved until the items it refuses are alone, so that only they are lost. Either way
/// each item is decoded once. Items refused without decoding wait beside the batch, so that
/// errors stay in feed order; past the errors that will be kept, they are only counted, and
/// the message of an error is written only for one that is kept.
private struct FeedReader<Content> {
    let factory: ContentFactory<Content>
    let decoder: JSONDecoder
    let tagKey: String
    let tags: RegisteredTags
    let bytes: [UInt8]
    let encoding: String
    let containerKey: String

    private(set) var items: [Content] = []
    private(set) var errors: [FeedItemError] = []
    private(set) var errorCount = 0
    /// The items read since the last batch that are to be decoded, in feed order: what the
    /// decoding needs of each, and where each is in the text.
    private var batch: [FeedSlot] = []
    private var batchItems: [FeedScanner.Item] = []
    private var batchBytes = 0
    /// The items read since the last batch that are refused without decoding, by index, as
    /// long as their errors may be kept.
    private var refused: [(index: Int, item: FeedScanner.Item)] = []
    private var nextIndex = 0

    /// A batch is decoded once it has this many items, or this many bytes.
    private static var batchLimit: (items: Int, bytes: Int) { (1_024, 1 << 17) }

    /// Reads the items of `scanner`'s text. The tags registered are read now, once for the
    /// feed: an item with another tag is refused without a look-up, and its message lists them
    /// only when it is read.
    init(factory: ContentFactory<Content>, decoder: JSONDecoder, tagKey: String, scanner: FeedScanner) {
        (self.factory, self.decoder, self.tagKey) = (factory, decoder, tagKey)
        tags = RegisteredTags(factory.registeredTags)
        (bytes, encoding) = (scanner.bytes, scanner.encoding)
        containerKey = ContentFactory<Content>.key(tagKey, as: decoder.keyDecodingStrategy)
    }

    mutating func add(_ item: FeedScanner.Item) {
        let index = nextIndex
        nextIndex += 1
        guard item.flaw == nil, item.depth <= FeedScanner.nestingLimit, item.isObject(in: bytes) else {
            if errors.count + refused.count < Feed<Content>.errorLimit {
                refused.append((index, item))
            } else {
                // As many errors come before it as are kept: it is counted only.
                errorCount += 1
            }
            return
        }
        batch.append(FeedSlot(index: index, tag: item.tag, duplicate: item.duplicate))
        batchItems.append(item)
        batchBytes += item.range.count + 1
        if batch.count >= Self.batchLimit.items || batchBytes >= Self.batchLimit.bytes { decodeBatch() }
    }

    mutating func finish() -> Feed<Content> {
        decodeBatch()
        return Feed(items: items, errors: errors, errorCount: errorCount)
    }

    /// Decodes the batch, and takes its outcomes and the refused items' errors in feed order.
    private mutating func decodeBatch() {
        var decoded = FeedItems<Content>()
        if !batch.isEmpty {
            decoder.userInfo[feedContextKey] = FeedContext(factory: factory, tagKey: tagKey, containerKey: containerKey, tags: tags, batch: batch)
            decode(batch.indices, into: &decoded)
            decoder.userInfo[feedContextKey] = nil
        }
        if items.isEmpty { items = decoded.contents } else { items += decoded.contents }
        // The errors of the batch and of the refused items, both in feed order, merged.
        var next = refused.startIndex
        for error in decoded.errors {
            while next < refused.endIndex, refused[next].index < error.index {
                recordRefusal(refused[next])
                next += 1
            }
            record(error)
        }
        for waiter in refused[next...] { recordRefusal(waiter) }
        batch.removeAll(keepingCapacity: true)
        batchItems.removeAll(keepingCapacity: true)
        batchBytes = 0
        refused.removeAll(keepingCapacity: true)
    }

    private mutating func record(_ error: FeedItemError) {
        errorCount += 1
        if errors.count < Feed<Content>.errorLimit { errors.append(error) }
    }

    /// Records a refused item's error, written only when it is kept.
    private mutating func recordRefusal(_ waiter: (index: Int, item: FeedScanner.Item)) {
        guard errors.count < Feed<Content>.errorLimit else {
            errorCount += 1
            return
        }
        record(refusal(of: waiter.item, index: waiter.index))
    }

    /// Decodes the items of the batch at `slots` as one array, or, when that is refused, in halves.
    private func decode(_ slots: Range<Int>, into decoded: inout FeedItems<Content>) {
        if slots.count <= 2 {
            for slot in slots { decoded.add(decodeAlone(slot)) }
            return
        }
        // In the array, an item is one level deeper than alone: one at JSONDecoder's limit is
        // decoded alone.
        if !batchItems[slots].contains(where: { $0.depth >= FeedScanner.nestingLimit }) {
            var json: [UInt8] = []
            json.reserveCapacity(batchItems[slots].reduce(2) { $0 + $1.range.count + 1 })
            json.append(UInt8(ascii: "["))
            for slot in slots {
                if slot != slots.lowerBound { json.append(UInt8(ascii: ",")) }
                json += bytes[batchItems[slot].range]
            }
            json.append(UInt8(ascii: "]"))
            decoder.userInfo[feedSlotKey] = slots.lowerBound
            if let all = try? decoder.decode(FeedItems<Content>.self, from: Data(json)), all.count == slots.count {
                if decoded.count == 0 {
                    decoded = all
                } else {
                    decoded.contents += all.contents
                    decoded.errors += all.errors
                }
                return
            }
        }
        let middle = slots.lowerBound + slots.count / 2
        decode(slots.lowerBound..<middle, into: &decoded)
        decode(middle..<slots.upperBound, into: &decoded)
    }

    /// Decodes one item of the batch on its own.
    private func decodeAlone(_ slot: Int) -> Result<Content, FeedItemError> {
        let item = batchItems[slot]
        decoder.userInfo[feedSlotKey] = slot
        do {
            return try decoder.decode(FeedItem<Content>.self, from: Data(bytes[item.range])).entry
        } catch {
            return .failure(FeedItemError(index: batch[slot].index, tag: nil, reason: invalid(item, error)))
        }
    }

    /// Why an item refused without decoding it is refused.
    private func refusal(of item: FeedScanner.Item, index: Int) -> FeedItemError {
        if item.range.isEmpty {
            return FeedItemError(index: index, tag: nil, reason: "the item is empty: there is nothing between its commas or brackets")
        }
        // Foundation's JSONDecoder refuses text nested more than 512 arrays and objects deep.
        if item.depth > FeedScanner.nestingLimit {
            return FeedItemError(index: index, tag: nil, reason:
                "\(at(item)) is nested \(item.depth) levels deep, deeper than JSONDecoder reads (\(FeedScanner.nestingLimit) levels)")
        }
        if let flaw = item.flaw {
            return FeedItemError(index: index, tag: nil, reason: "\(at(item)) \(flaw.reason(encoding: encoding))")
        }
        // Not an object: decoded on its own, JSONDecoder says what it is, or that it is not JSON.
        do {
            _ = try decoder.decode(NotAnObject.self, from: Data(bytes[item.range]))
            return FeedItemError(index: index, tag: nil, reason: "\(at(item)) is not an object")
        } catch {
            return FeedItemError(index: index, tag: nil, reason: invalid(item, error))
        }
    }

    /// The reason for an item that `JSONDecoder` refused.
    private func invalid(_ item: FeedScanner.Item, _ error: any Error) -> String {
        guard case let DecodingError.dataCorrupted(context) = error else { return describe(error) }
        // Foundation on Linux says no more than that the text is not valid JSON; elsewhere it says where.
        return context.underlyingError == nil ? "\(at(item)) is not valid JSON" : "\(at(item)) is not valid JSON: \(describe(error))"
    }

    private func at(_ item: FeedScanner.Item) -> String {
        "the item at line \(item.line), column \(item.column)"
    }
}

/// A value read as an object, which an item that is not one is not: JSONDecoder says what it is.
private struct NotAnObject: Decodable {
    init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
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
/// The slot in the batch of an item decoded on its own, or of the first of an array.
private let feedSlotKey = CodingUserInfoKey(rawValue: "Decouple.feedSlot")!

/// An item of a batch: its index in the feed, and what the scan found of it: its tag, when it
/// is a plain string, and a key it has twice.
private struct FeedSlot: Sendable {
    let index: Int
    let tag: String?
    let duplicate: FeedScanner.DuplicateKey?
}

/// What the items of one batch share.
private final class FeedContext<Content>: Sendable {
    let factory: ContentFactory<Content>
    /// As the JSON spells it, for messages.
    let tagKey: String
    /// As the decoder's key strategy turns it: what an item's container holds.
    let containerKey: String
    let tags: RegisteredTags
    let batch: [FeedSlot]

    init(factory: ContentFactory<Content>, tagKey: String, containerKey: String, tags: RegisteredTags,
         batch: [FeedSlot]) {
        self.factory = factory
        self.tagKey = tagKey
        self.containerKey = containerKey
        self.tags = tags
        self.batch = batch
    }

    /// Decodes the item at `slot` of the batch into its entry, never throwing, so that one bad
    /// item does not end the array.
    func entry(from decoder: any Decoder, slot: Int) -> Result<Content, FeedItemError> {
        let index = batch[slot].index
        // An object with a key twice decodes, one of the values winning; the item is refused instead.
        if let duplicate = batch[slot].duplicate {
            let isTag = duplicate.path.isEmpty && duplicate.key == containerKey
            return .failure(FeedItemError(index: index, tag: isTag ? nil : try? readTag(decoder), reason: duplicate.description))
        }
        var tag: String?
        do {
            // The scan read a plain string tag; any other the decoder reads, and says what is wrong.
            tag = try batch[slot].tag ?? readTag(decoder)
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

/// Items of a batch as one array, decoded item by item: the content of the good ones and the
/// errors of the others, each in feed order.
private struct FeedItems<Content>: Decodable {
    var contents: [Content] = []
    var errors: [FeedItemError] = []

    var count: Int { contents.count + errors.count }

    init() {}

    init(from decoder: any Decoder) throws {
        guard let context = decoder.userInfo[feedContextKey] as? FeedContext<Content>,
              let first = decoder.userInfo[feedSlotKey] as? Int else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decoded outside ContentFactory.decodeFeed"))
        }
        var array = try decoder.unkeyedContainer()
        contents.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd {
            let slot = first + array.currentIndex
            add(context.entry(from: try array.superDecoder(), slot: slot))
        }
    }

    mutating func add(_ entry: Result<Content, FeedItemError>) {
        switch entry {
        case let .success(content): contents.append(content)
        case let .failure(error): errors.append(error)
        }
    }
}

/// One item of the feed, decoded on its own.
private struct FeedItem<Content>: Decodable {
    let entry: Result<Content, FeedItemError>

    init(from decoder: any Decoder) throws {
        guard let context = decoder.userInfo[feedContextKey] as? FeedContext<Content>,
              let slot = decoder.userInfo[feedSlotKey] as? Int else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decoded outside ContentFactory.decodeFeed"))
        }
        entry = context.entry(from: decoder, slot: slot)
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
