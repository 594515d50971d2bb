public protocol BadgeContentA7: Sendable {
    var label: String { get }
}

public struct TagA7 {
    public var label: String = "l"
}
