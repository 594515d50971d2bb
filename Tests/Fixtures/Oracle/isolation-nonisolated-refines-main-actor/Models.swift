protocol Labelled58 {
    func label() -> String
}

nonisolated protocol Captioned58: Labelled58 {
    var caption: String { get }
}

final class Clip58 {
    var text = "a"
    var note = "b"

    func make() -> String { text }
}
