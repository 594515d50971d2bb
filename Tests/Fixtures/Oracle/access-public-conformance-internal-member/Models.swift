public protocol BadgeContentA5 {
    var label: String { get }
}

public struct TagA5 {
    var label: String = "l"
}
