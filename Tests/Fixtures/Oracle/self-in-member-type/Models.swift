import Foundation

struct Tagged54<Tag, Raw: Hashable>: Hashable {
    var raw: Raw
}

protocol Row54: Identifiable {
    var title: String { get }
}

struct Item54 {
    let id: Tagged54<Self, UUID>
    var name: String
}

enum Kind54 {
    case one

    var id: Tagged54<Self, Int> { Tagged54(raw: 1) }
    var name: String { "one" }
}
