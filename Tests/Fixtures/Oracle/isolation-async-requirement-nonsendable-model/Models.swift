import Foundation

public enum Card1 {
    case first, second
    func labelSource() { }
    public var totalSource: String { get async { "text" } }
}

public protocol Parent0 {
    mutating func label()
}

@MainActor
public protocol Row1Content: Parent0 {
    var total: String { get async }
}
