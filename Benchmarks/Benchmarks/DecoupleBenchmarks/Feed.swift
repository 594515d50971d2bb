import Benchmark
import DecoupleTextUI
import Foundation

// MARK: - Feed

/// A post as a feed carries it: its tag, and fields of the usual kinds.
struct FeedPost: Decodable {
    let id: Int
    let title: String
    let author: String
    let likes: Int
    let pinned: Bool
}

struct FeedPostContent: TitledContent {
    let post: FeedPost
    var title: String { post.title }
    var subtitle: String { post.author }
}

/// `count` posts tagged `tag`, as a JSON array.
func feedJSON(posts count: Int, tag: String = "post") -> Data {
    let items = (0..<count).map { index in
        #"{"type": "\#(tag)", "id": \#(index), "title": "Post number \#(index) of the feed", "author": "Author \#(index % 97)", "likes": \#(index % 1_000), "pinned": \#(index % 10 == 0)}"#
    }
    return Data(("[" + items.joined(separator: ",\n ") + "]").utf8)
}

func feedBenchmarks() {
    let configuration = Benchmark.Configuration(scalingFactor: .one)
    // `decodeFeed` against JSONDecoder decoding the same items as an array of the concrete type.
    let posts = feedJSON(posts: 20_000)
    let factory = ContentFactory<any TitledContent>()
    try! factory.register(FeedPost.self, tag: "post") { FeedPostContent(post: $0) }
    Benchmark("feed.decode_vs_jsondecoder/baseline", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! JSONDecoder().decode([FeedPost].self, from: posts)) }
    }
    Benchmark("feed.decode_vs_jsondecoder/candidate", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let feed = try! factory.decodeFeed(from: posts)
            precondition(feed.count == 20_000 && feed.errors.isEmpty)
            blackHole(feed)
        }
    }

    // Items of unregistered tags, with 1,000 tags registered against 1: the cost of an item
    // must not grow with the tags registered.
    let unknown = feedJSON(posts: 20_000, tag: "video")
    let one = ContentFactory<any TitledContent>()
    try! one.register(FeedPost.self, tag: "post") { FeedPostContent(post: $0) }
    let many = ContentFactory<any TitledContent>()
    registerFeedTags(1_000, in: many)
    for (figure, factory) in [("baseline", one), ("candidate", many)] {
        Benchmark("feed.unknown_tags_1000_vs_1/\(figure)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                let feed = try! factory.decodeFeed(from: unknown)
                precondition(feed.errorCount == 20_000)
                blackHole(feed)
            }
        }
    }
}

/// Registers `count` tags, each for a model type of its own: a factory takes each type once, and
/// each specialisation of a generic type is one.
private func registerFeedTags(_ count: Int, in factory: ContentFactory<any TitledContent>) {
    func register<Model: Decodable & Sendable>(_: Model.Type, bits: Int, number: Int) {
        guard bits > 0 else {
            if number < count { try! factory.register(Model.self, tag: "tag\(number)") { _ in Member(name: "\(number)", age: 0) } }
            return
        }
        register(TagBit<Model, TagZero>.self, bits: bits - 1, number: number * 2)
        register(TagBit<Model, TagOne>.self, bits: bits - 1, number: number * 2 + 1)
    }
    register(TagLeaf.self, bits: Int.bitWidth - (count - 1).leadingZeroBitCount, number: 0)
}

private struct TagLeaf: Decodable, Sendable {}
private enum TagZero {}
private enum TagOne {}
private struct TagBit<Rest, Value>: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}
