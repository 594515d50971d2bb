/// The name of an image resource.
///
/// Text rendering has no bitmaps, so an image is known by its name and drawn as a visible
/// placeholder such as `[QQ]`. On a platform with real images, the name is what you would pass to
/// your asset catalog.
///
/// ```swift
/// let icon: ImageName = "QQ"
/// print(icon)   // QQ
/// ```
public struct ImageName: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The resource name.
    public var rawValue: String

    /// Creates an image name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// An image name with no image: what a view shows when its content has none.
    public static let empty = ImageName("")
}
