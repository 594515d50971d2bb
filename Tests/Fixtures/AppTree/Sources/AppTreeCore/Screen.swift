// One model per platform, and a member that exists only on some.

#if os(iOS)
// decouple: TitledContent(subtitle: detail)
public final class Screen {
    public var title = "Phone"
    public var detail = "touch"
    public init() {}
}
#else
// decouple: TitledContent(subtitle: detail)
public final class Screen {
    public var title = "Desk"
    public var detail = 2
    public init() {}
}
#endif

// decouple: TitledContent(subtitle: badge)
public struct Row {
    public var title = "Inbox"
    #if canImport(Foundation)
    public var badge = "new"
    #endif
    public init() {}
}
