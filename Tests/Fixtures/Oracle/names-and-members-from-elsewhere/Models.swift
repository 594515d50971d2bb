import Foundation

protocol Row56: Identifiable {
    var title: String { get }
}

struct Nested56 {
    struct ID: Hashable {
        var raw: Int
    }

    let id: ID
    var title: String
}

struct Aliased56 {
    typealias ID = UUID
    let id: ID
    var title: String
}

enum Forecast56 {
    struct Hourly {
        var title: String
        var subtitle: String
    }
}

typealias HourlyForecast56 = Forecast56.Hourly

protocol Describes56 {}

extension Describes56 {
    var subtitle: String { "from the extension" }
}

struct Described56: Describes56 {
    var title: String
}

enum Format56 {
    case plain
}

protocol HasFormat56 {
    var format: Format56.Type { get }
}

struct Formatted56 {
    let format = Format56.self
}
