import Decouple
import DecoupleTestSupport
import Testing

// README example begins
protocol BylineContent { var byline: String { get } }
struct Post: BylineContent { var byline = "小明" }

// Look-up by name needs the protocol's members by name: a table of readers.
extension MemberTable where Root == any BylineContent {
    static let bylineContent = MemberTable(readers: ["byline": { $0.byline }])
}

@MainActor func lookUpByName() -> [String] {
    let proxy = ForwardingProxy()
    proxy.inject(Post(), as: BylineContent.self, members: .bylineContent)
    let bare = ForwardingProxy()
    bare.inject(Post(), as: BylineContent.self)                         // no table: typed look-up only
    return [
        "\(proxy.responds(to: "byline"))",                 // true
        proxy.value(forMember: "byline") as? String ?? "-", // 小明
        "\(bare.responds(to: "byline"))",                  // false: nothing names its members
        bare.forward(\BylineContent.byline) ?? "-",        // 小明
    ]
}
// README example ends

@MainActor @Suite struct ReadmeProxyExampleTests {
    @Test func byName_needsTheTable_typedDoesNot() {
        #expect(lookUpByName() == ["true", "小明", "false", "小明"])
    }

    @Test func readmeShowsThisExample_verbatim() throws {
        try expectReadmeContainsExample(of: #filePath)
    }
}
