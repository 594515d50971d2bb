protocol BadgeContentA3 {
    var label: String { get }
    var caption: String { get }
}

struct TagA3 {
    private var label: String = "l"
}

private extension TagA3 {
    var note: String { "n" }
}
