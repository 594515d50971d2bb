import Foundation

struct Tag60<T, V: Hashable>: Hashable {
    var v: V
}

protocol Row60: Identifiable {
    var title: String { get }
}

// An inferred type with a comment and a line break in it, naming a nested type.
struct Model60 {
    struct Inner: Hashable {}
    var id = Set< // the inner ones
        Inner>()
    var title: String = ""
}

// An inferred type that names Self.
struct Tagged60 {
    var id = Tag60<Self, Int>(v: 1)
    var title: String = ""
}

typealias Score60 = [String: /* points */ Int]

protocol Scored60 {
    var score: Score60 { get }
}

struct Player60 {
    var points: [String:	Int]
}

protocol Packed60 {
    func f<each T>(_ t: repeat each T) -> Int
    func h<String>(_ x: String) -> String where String: /* any */ Hashable
}

struct Packer60 {
    func f<each T>(_ t: repeat each T) -> Int { 0 }
    func h<String>(_ x: String) -> String where String: Hashable { x }
}

protocol Loader60 {
    func load<T: Decodable>(_ type: T.Type, from name: String) -> T? where T: Sendable
    func pair<B, A>(_ a: B, _ b: A) -> (B, A)
}

struct Disk60 {
    func load<Model: Decodable>(_ type: Model.Type, from name: String) -> Model? where Model: Sendable { nil }
    func pair<A, B>(_ a: A, _ b: B) -> (A, B) { (a, b) }
}
