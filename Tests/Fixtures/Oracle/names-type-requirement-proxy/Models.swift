protocol KindContentB5 {
    var `Type`: String { get }
}

struct TagB5 {
    var kind: String = "k"
}
