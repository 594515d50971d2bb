/// A model of a target of its own, as generated or third-party models are: the build plugin of
/// a target that depends on this one adapts it, and so does the command plugin's committed
/// output in another (Tests/Fixtures/CommittedDependency).
public struct Recipe: Sendable {
    public let name: String
    public let minutes: Int

    public init(name: String, minutes: Int) {
        self.name = name
        self.minutes = minutes
    }
}
