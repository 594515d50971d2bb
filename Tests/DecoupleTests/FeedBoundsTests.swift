import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// A feed costs memory linear in its size, whatever its shape: many tiny bad items too, whose
/// errors past the first `Feed.errorLimit` are counted, not kept. Each case runs in a child process
/// of its own, which measures the peak of what `decodeFeed` adds to the memory it held before
/// (the test binary alone holds about 40 MiB). With the feed itself, that must stay within
/// 4 × the feed + 50 MiB.
@Suite(
    .enabled(if: ChildTest.isAvailable, "needs to run the test binary again, which only Linux does here"),
    .disabled(if: ChildTest.isSanitized, "under a sanitizer, memory figures are the sanitizer's shadow memory")
)
struct FeedBoundsTests {
    private static let mebibyte = 1 << 20

    /// Runs `test` in a child and checks what it reports: the feed's size, and the peak memory
    /// the decoding added.
    private func expectWithinBounds(_ test: String) throws {
        let run = try ChildTest.run("FeedBoundsTests/\(test)")
        #expect(run.failure == nil, "\(run)")
        let size = try #require(run.values["size"], "\(run)")
        let added = try #require(run.values["added"], "\(run)")
        #expect(size + added <= 4 * size + 50 * Self.mebibyte,
                "decoding a feed of \(size) bytes added \(added) bytes at its peak")
    }

    /// In the child: decodes, and reports the feed's size and the peak memory that decoding added.
    private func measure<Result>(_ child: ChildTest, size: Int, _ decode: () throws -> Result) throws -> Result {
        let before = try #require(ChildTest.memory())
        try #require(ChildTest.resetPeakMemory(), "the peak cannot be started over, so the test's own would count")
        let start = ContinuousClock.now
        let result = try decode()
        let elapsed = ContinuousClock.now - start
        child.report("milliseconds", Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000))
        child.report("size", size)
        child.report("added", try #require(ChildTest.peakMemory()) - before)
        return result
    }

    @Test func unknownTags_1000Registered_50000Items() throws {
        guard let child = ChildTest.start() else { return try expectWithinBounds("unknownTags_1000Registered_50000Items") }
        let factory = ContentFactory<Int>()
        try registerTags(1_000, in: factory)
        let json = Data(("[" + (0..<50_000).map { #"{"type": "u\#($0 % 1_000)"}"# }.joined(separator: ",\n") + "]").utf8)
        let feed = try measure(child, size: json.count) { try factory.decodeFeed(from: json) }
        let errors = feed.errors
        #expect(feed.errorCount == 50_000)
        #expect(errors.count == Feed<Int>.errorLimit)
        #expect(errors.last?.description == #"item 999 ("u999"): no adapter registered for type tag "u999"; registered tags: "t0000", "t0001", "t0002", "t0003", "t0004", "t0005", "t0006", "t0007", "t0008", "t0009", … and 990 more"#)
    }

    /// In the child: decodes `repeated` items (`count` times the text, as one array) with the
    /// seed's factory, and checks that none is content, all are counted, and 1,000 are told.
    private func decodeBadItems(_ child: ChildTest, _ repeated: String, count: Int, errors: Int) throws -> [FeedItemError] {
        let json = Data(("[" + String(repeating: repeated + ",", count: count).dropLast() + "]").utf8)
        let factory = try seedFactory()
        let feed = try measure(child, size: json.count) { try factory.decodeFeed(from: json) }
        #expect(feed.items.isEmpty)
        #expect(feed.errorCount == errors)
        #expect(feed.errors.count == Feed<any TitledContent>.errorLimit)
        return feed.errors
    }

    @Test func tinyBadItems_1500000() throws {
        guard let child = ChildTest.start() else { return try expectWithinBounds("tinyBadItems_1500000") }
        // 3 MB: an item that is not JSON, an empty one and one with no tag, 500,000 times each.
        let errors = try decodeBadItems(child, "x,,{}", count: 500_000, errors: 1_500_000)
        #expect(errors.prefix(3).map(\.description) == [
            "item 0: the item at line 1, column 2 is not valid JSON",
            "item 1: the item is empty: there is nothing between its commas or brackets",
            #"item 2: missing type tag "type""#,
        ])
    }

    @Test func fourMBOfZeroes() throws {
        guard let child = ChildTest.start() else { return try expectWithinBounds("fourMBOfZeroes") }
        // `[0,0,…,0]`: 2,000,000 numbers, none of them an object.
        let errors = try decodeBadItems(child, "0", count: 2_000_000, errors: 2_000_000)
        #expect(errors.last?.description == "item 999: the value is not an object: Expected to decode Dictionary<String, Any> but found number instead.")
    }

    @Test func fiftyMiBOfOpenBrackets() throws {
        guard let child = ChildTest.start() else { return try expectWithinBounds("fiftyMiBOfOpenBrackets") }
        let data = Data(repeating: UInt8(ascii: "["), count: 50 * Self.mebibyte)
        let factory = try seedFactory()
        let outcome = try measure(child, size: data.count) { Result { () throws(ContentFactoryError) in try factory.decodeFeed(from: data) } }
        #expect(throws: ContentFactoryError.malformedFeed(
            "the item at line 1, column 2 is never closed: 52428799 arrays and objects are open when the data ends")) {
            try outcome.get()
        }
    }
}
