fileprivate struct TokenA4 {
    init(_ value: Int) {}
}

struct HolderA4 {
    fileprivate var token = TokenA4(1)
    var title: String = "t"
}
