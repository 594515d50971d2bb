protocol LoadContentB3 {
    var detail: String { get async }
}

struct FeedB3 {
    var body: String { get async { "b" } }
}
