import Decouple

/// Two protocols that both require `headline`: a model adapted to both with the same mapping
/// gets one witness, public because `PublicHeadline` is.
public protocol PublicHeadline {
    var headline: String { get }
}

protocol InternalHeadline {
    var headline: String { get }
}

public struct Bulletin {
    public var text: String
    public init(text: String) { self.text = text }
}

/// A requirement named as the factory adapter's own stored model.
protocol Owned {
    var model: String { get }
}

struct Car: Decodable {
    var maker: String
}

// Raw identifiers, in a conformance and in a factory adapter's type name.
// decouple: TitledContent(title: `full name`, subtitle: `full name`)
struct `Name Badge` {
    var `full name`: String
}

struct `Name Card`: Decodable {
    var `full name`: String
}
