// Shaped like protoc-gen-swift output: every file declares the same file-private type.

fileprivate struct _GeneratedWithProtocGenSwiftVersion {
    static let version = 2
}

public struct App_FeedItem: Sendable {
    public var title: String = String()
    public var likes: Int32 = 0

    public init() {}
}
