// MARK: - Built-in conformances

// The proxy is a view's content for the library's own protocols, on the main actor (where views
// read their content, and where what is injected for these protocols lives). A member nobody
// provides reads as empty, as a message to nil does in Objective-C; use `forward(_:)` to tell
// the two apart.

extension ForwardingProxy: @MainActor TitledContent {
    @MainActor public var title: String { forward(\TitledContent.title) ?? "" }
    @MainActor public var subtitle: String { forward(\TitledContent.subtitle) ?? "" }
}

extension ForwardingProxy: @MainActor NamedImageContent {
    @MainActor public var name: String { forward(\NamedImageContent.name) ?? "" }
    @MainActor public var image: ImageName { forward(\NamedImageContent.image) ?? .empty }
}
