nonisolated protocol Captioned60 {
    var caption: String { get }
}

@MainActor final class Clip60 {
    var note = "b"
}
