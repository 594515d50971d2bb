@MainActor protocol Labelled61 {
    var label: String { get }
}

nonisolated protocol Captioned61: Labelled61 {
    var caption: String { get }
}

actor Worker61 {
    let label = "a"
    let caption = "b"
}
