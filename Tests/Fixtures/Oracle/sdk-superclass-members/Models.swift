import Foundation

protocol Describable57: CustomStringConvertible {
    var title: String { get }
}

final class Described57: NSObject {
    var title = "t"
}

class Base57: NSObject {
    var title = "b"
}

final class Derived57: Base57 {}
