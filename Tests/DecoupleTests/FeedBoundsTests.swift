import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// A feed costs memory linear in its size, whatever its shape. Each case runs in a child process
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
        let result = try decode()
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
        #expect(errors.count == 50_000)
        #expect(errors.last?.description == #"item 49999 ("u999"): no adapter registered for type tag "u999"; registered tags: "t0000", "t0001", "t0002", "t0003", "t0004", "t0005", "t0006", "t0007", "t0008", "t0009", … and 990 more"#)
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
