import Decouple
import Foundation

// A public model: generated members are public too. `title` matches by name.
// decouple: TitledContent(subtitle: amount)
public struct Product {
    public var title: String
    public var amount: Double

    public init(title: String, amount: Double) {
        self.title = title
        self.amount = amount
    }
}

// A package model feeding a public protocol: members get `package`.
package struct Ticket {
    package var code: String
    package var seats: Int

    package init(code: String, seats: Int) {
        self.code = code
        self.seats = seats
    }
}

// A class with a method requirement implemented by the model.
final class Invoice {
    let total: Decimal
    init(total: Decimal) { self.total = total }
    func formatted(currency: String) -> String { "\(currency)\(total)" }
}
