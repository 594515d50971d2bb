#if canImport(WidgetKit)
import WidgetKit
#endif

// A timeline entry per platform, under nested conditions.

#if os(iOS) && !targetEnvironment(macCatalyst)
// decouple: TitledContent(title: kind, subtitle: family)
public struct Entry {
    public var kind = "phone"
    public var family = "systemSmall"
    public init() {}
}
#elseif os(macOS)
// decouple: TitledContent(title: kind, subtitle: family)
public struct Entry {
    public var kind = "mac"
    public var family = "systemLarge"
    public init() {}
}
#else
// decouple: TitledContent(title: kind, subtitle: family)
public struct Entry {
    public var kind = "other"
    public var family = 4
    public init() {}
}
#endif
