import Foundation

nonisolated protocol Row57: Identifiable, Sendable {
    var id: ID { get }
    var title: String { get }
}

struct Nested57: Sendable {
    struct ID: Hashable, Sendable {
        var raw: Int
    }

    let id: ID
    let title: String
}

final class Aliased57: Sendable {
    typealias ID = UUID
    let id: ID
    let title: String

    init(id: ID, title: String) {
        self.id = id
        self.title = title
    }
}

actor Worker57 {
    struct ID: Hashable, Sendable {
        var raw: Int
    }

    let id: ID
    let title: String

    init(id: ID, title: String) {
        self.id = id
        self.title = title
    }
}

actor Job57 {
    typealias ID = UUID
    let id: ID
    let title: String

    init(id: ID, title: String) {
        self.id = id
        self.title = title
    }
}

struct `Raw Model57` {
    var title: String
    var subtitle: String
}

typealias RawAlias57 = `Raw Model57`
