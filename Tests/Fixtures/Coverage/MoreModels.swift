import Decouple
import Foundation

/// A generic model: each specialisation conforms.
struct Page<Item> {
    var heading: String
    var items: [Item]
}

@propertyWrapper
struct Trimmed {
    private var value = ""
    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

// A property wrapper's type is the wrapped value's.
// decouple: TitledContent(title: nickname, subtitle: platformName)
struct Profile {
    @Trimmed var nickname: String
    #if os(Linux)
    var platformName: String { "Linux" }
    #else
    var platformName: String { "Apple" }
    #endif
}

// Unicode identifiers.
// decouple: TitledContent(title: 名字, subtitle: 职位)
struct 名片 {
    var 名字: String
    var 职位: String
}

// An enum with computed members.
/// decouple: TitledContent(subtitle: detail)
enum Status {
    case on, off
    var title: String { self == .on ? "On" : "Off" }
    var detail: String { self == .on ? "running" : "stopped" }
}

// An actor: constants back the requirements without isolation.
// decouple: TitledContent(title: name, subtitle: role)
actor Worker {
    let name: String
    let role: String
    init(name: String, role: String) {
        self.name = name
        self.role = role
    }
}

/// A model whose `String` photo feeds an `ImageName` requirement.
struct Member {
    var photo: String
}
