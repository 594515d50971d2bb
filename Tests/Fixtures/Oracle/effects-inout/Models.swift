protocol CounterContentA8 {
    func bump(_ value: inout Int)
}

struct TallyA8 {
    func bumpUp(_ value: inout Int) { value += 1 }
}
