protocol BadgeContentB6 {
    var label: String { get }
}

@MainActor
// decouple: BadgeContentB6(label: text)
final class TagB6 {
    var text: String = "l"
}

struct PinB6 {
    var text: String = "p"
}

// decouple: BadgeContentB6(label: text)
typealias PinAliasB6 = PinB6
