private struct TokenA4 {
    init?(_ value: Int) {}
}
