// MARK: - Built-in conformances

// The proxy is a view's content for the library's own protocols. A member nobody provides reads
// as empty, as a message to nil does in Objective-C; use `forward(_:)` to tell the two apart.

extension ForwardingProxy: TitledContent {
    public var title: String { forward(\TitledContent.title) ?? "" }
    public var subtitle: String { forward(\TitledContent.subtitle) ?? "" }
}

extension ForwardingProxy: NamedImageContent {
    public var name: String { forward(\NamedImageContent.name) ?? "" }
    public var image: ImageName { forward(\NamedImageContent.image) ?? .empty }
}
