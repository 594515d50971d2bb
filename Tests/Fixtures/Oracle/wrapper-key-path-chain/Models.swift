import Decouple

struct Settings59 {
    var editor = Editor59()

    struct Editor59 {
        var title = "t"
        var subtitle: Subtitle59 = "s"
        typealias Subtitle59 = String
    }
}

@propertyWrapper
struct Setting59<T> {
    let keyPath: KeyPath<Settings59, T>

    init(_ keyPath: KeyPath<Settings59, T>) {
        self.keyPath = keyPath
    }

    var wrappedValue: T { Settings59()[keyPath: keyPath] }
}

struct Screen59 {
    @Setting59(\.editor.title) var heading
    @Setting59(\.editor.subtitle) var detail
}
