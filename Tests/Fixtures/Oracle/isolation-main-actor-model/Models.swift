protocol BadgeContentA6 {
    var label: String { get }
}

@MainActor final class TagA6 {
    var name: String = "l"
}
