// The app's own display protocols, beside `Decouple.TitledContent`.

/// A row as its Objective-C ancestor declared it: every requirement is a method.
public protocol RowDisplay {
    func headline() -> String
    func detail(in locale: String) -> String
}

/// A badge with a count, shown through a forwarding proxy.
public protocol BadgeDisplay {
    var badge: String { get }
    var count: Int { get }
}
