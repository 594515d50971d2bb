/// Subclasses in another file than their adapted superclasses: they inherit the conformance.
final class Fish: Animal {
    override var kind: String { "fish" }
}

final class Bookcase: Shelf {}
