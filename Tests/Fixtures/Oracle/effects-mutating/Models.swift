protocol ResetContentB1 {
    mutating func reset()
}

struct ClockB1 {
    var ticks = 0
    mutating func zero() { ticks = 0 }
}
