import Foundation

enum OuterC1 {
    struct CardC1 {
        mutating func detail() { }
        var labelSource = "text"
    }
}

protocol PriceContentC1 {
    mutating func detail()
    var label: String { get }
}
