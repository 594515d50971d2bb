import Decouple

/// A public protocol with an optional requirement.
public protocol BadgeContent {
    var badge: String { get }
    var count: Int? { get }
}

/// A package protocol with a method requirement, which the model implements itself.
package protocol PriceContent {
    var price: String { get }
    func formatted(currency: String) -> String
}

/// A protocol with an image requirement, served through the proxy.
protocol AvatarContent {
    var avatar: ImageName { get }
}
