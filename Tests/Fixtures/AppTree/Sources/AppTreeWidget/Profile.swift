/// The widget's profile: the same name as the app's, other members.
// decouple: TitledContent(title: name, subtitle: followers)
public struct Profile {
    public var name: String
    public var followers: Int

    public init(name: String, followers: Int) {
        self.name = name
        self.followers = followers
    }
}
