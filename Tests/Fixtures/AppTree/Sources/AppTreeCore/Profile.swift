/// The app's profile; the widget has a type of the same name.
public struct Profile {
    public var name: String
    public var bio: String

    public init(name: String, bio: String) {
        self.name = name
        self.bio = bio
    }
}
