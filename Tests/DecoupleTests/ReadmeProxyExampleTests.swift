import Decouple
import DecoupleTestSupport
import Testing

// README example begins
import Decouple

struct Profile: TitledContent { var title = "小明"; var subtitle = "18 years" }
struct AppIcon: NamedImageContent { var name = "QQ"; var image: ImageName = "qq" }

@MainActor func proxyTour() throws -> [String] {
    let proxy = ForwardingProxy()
    proxy.inject(Profile(), as: TitledContent.self)          // title and subtitle from here
    proxy.inject(AppIcon(), as: NamedImageContent.self)      // name and image from there
    return [
        proxy.title,                                         // typed, checked at compile time
        proxy.forward(\TitledContent.subtitle) ?? "-",       // nil when nothing is injected
        "\(proxy.responds(to: "image"))",                    // respondsToSelector:
        try proxy.value(forMember: "image", as: ImageName.self).rawValue,
    ]
}
// README example ends

// The README's sentence "look-up by name needs the protocol's `MemberTable`", for a protocol of yours.

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

@MainActor @Suite struct ReadmeProxyExampleTests {
    @Test func tour_answersEachMemberFromTheObjectInjectedForIt() throws {
        #expect(try proxyTour() == ["小明", "18 years", "true", "qq"])
    }

    @Test func byName_needsTheTable_typedDoesNot() {
        #expect(lookUpByName() == ["true", "小明", "false", "小明"])
    }

    @Test func readmeShowsThisExample_verbatim() throws {
        try expectReadmeContainsExample(of: #filePath)
    }
}
