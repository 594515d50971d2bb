import Foundation

// Stored properties as apps write them: no written type.

public enum Kind: String {
    case song, podcast
}

public struct Station: Sendable, CustomStringConvertible {
    public static let shared = Station(name: "Radio One")
    public var name: String
    public var description: String { name }
    public init(name: String) { self.name = name }
}

public struct Track {
    public var id = 7 as Int64
    public var tags = [String]()
    public let url = URL(string: "https://example.com/track/1")!
    public var kind = Kind.podcast
    public static let station = Station.shared
    public var added = Date(timeIntervalSince1970: 0)

    public init() {}

    public func detail(in locale: String) -> String {
        "#\(id), \(tags.count) tags, \(locale)"
    }
}

/// A raw-value enum: its synthesized `rawValue` is a member a mapping may name.
public enum Source: Int {
    case camera = 1
    case library = 2

    public var label: String {
        switch self {
        case .camera: "Camera"
        case .library: "Library"
        }
    }
}
