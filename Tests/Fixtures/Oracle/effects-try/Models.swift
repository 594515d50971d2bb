protocol LoadContentB2 {
    var headline: String { get throws }
}

struct FeedB2 {
    var title: String { get throws { "t" } }
}
