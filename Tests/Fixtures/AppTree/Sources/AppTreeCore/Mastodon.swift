// An SDK's namespace: the types live in extensions of a public enum.

public enum Mastodon {}

extension Mastodon {
    public enum Entity {}
}

extension Mastodon.Entity {
    /// Public, although the extension that declares it says nothing.
    public final class Account {
        public var username: String
        public var displayName: String
        public var fields: [Field]

        public init(username: String, displayName: String, fields: [Field] = []) {
            self.username = username
            self.displayName = displayName
            self.fields = fields
        }

        /// A nested type, public inside a public class.
        public struct Field: Equatable {
            public var name: String
            public var value: String

            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }
    }
}

public extension Mastodon.Entity {
    /// Public by its extension's default; its own members are public by theirs.
    struct Tag {
        public var name: String
        public var uses = 0

        public init(name: String, uses: Int) {
            self.name = name
            self.uses = uses
        }
    }
}
