protocol BadgeContentA2 {
    var label: String { get }
}

struct TagA2 {
    #if os(macOS)
    var text: String { "l" }
    #else
    var text: Int { 7 }
    #endif
}
