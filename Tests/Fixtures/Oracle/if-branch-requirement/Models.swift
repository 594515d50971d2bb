protocol HeadlineContentA1 {
    #if os(Linux)
    var headline: String { get }
    #else
    var headline: String { get }
    #endif
}

struct StoryA1 {
    var title: String = "t"
}
