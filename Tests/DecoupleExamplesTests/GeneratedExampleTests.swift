import Decouple
@testable import DecoupleExamples
import Foundation
import Testing

/// The example's generated code, exercised: every adapter must return the member it was mapped to.
@MainActor @Suite struct GeneratedExampleTests {
    @Test func factoryStyle_registersAdaptersThatReadTheMappedMembers() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.registerGeneratedAdapters()
        #expect(factory.registeredTypes == ["CCAModel", "CCBModel"])
        #expect(factory.registeredTags == ["story", "user"])

        let user = try factory.adapt(CCAModel(name: "Ann", age: 30))
        #expect(user.title == "Ann")
        #expect(user.subtitle == "30")

        let story = try factory.adapt(CCBModel(story: "Fox", description: nil))
        #expect(story.title == "Fox")
        #expect(story.subtitle == "-")   // the configured default for a nil description
        #expect(try factory.adapt(CCBModel(story: "Fox", description: "tale")).subtitle == "tale")
    }

    @Test func factoryStyle_decodesTaggedData() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.registerGeneratedAdapters()
        let json = #"[{"type": "user", "name": "小明", "age": 18}, {"type": "story", "story": "Fox"}]"#
        let feed = try factory.decodeFeed(from: Data(json.utf8))
        #expect(feed.errors.isEmpty)
        #expect(feed.items.map(\.title) == ["小明", "Fox"])
        #expect(feed.items.map(\.subtitle) == ["18", "-"])
    }

    @Test func conformanceStyle_fromAnnotations() {
        let shop = MYShopModel(name: "商品-0", price: 19.0)
        #expect(shop.title == "商品-0")
        #expect(shop.subtitle == "¥19.0")

        let app = MYAppModel(name: "QQ", icon: "qq")
        #expect(app.name == "QQ")
        #expect(app.image == ImageName("qq"))
    }

    @Test func proxyStyle_conformanceAndMemberTable() throws {
        let row = HomePageModel(number: 1, name: "小明", score: 92)
        #expect(row.playerName == "小明")
        #expect(row.total == 0)            // nil totalNumber → the configured default
        row.totalNumber = 11
        #expect(row.total == 11)

        let proxy = ForwardingProxy()
        #expect(proxy.total == 0)          // nothing injected: the proxy's empty answer
        proxy.inject(row, as: ScoreContent.self)   // the generated overload passes the member table
        #expect(proxy.playerName == "小明")
        #expect(proxy.score == 92)
        #expect(proxy.total == 11)
        #expect(proxy.responds(to: "playerName"))
        #expect(try proxy.value(forMember: "score", as: Int.self) == 92)
        #expect(proxy[dynamicMember: \ScoreContent.playerName] == "小明")
        proxy.remove(ScoreContent.self)
        #expect(proxy[dynamicMember: \ScoreContent.playerName] == nil)   // not injected, unlike `proxy.playerName`
        #expect(proxy.playerName == "")

        // Held weakly, with the member table too.
        try proxy.inject(weak: row, as: ScoreContent.self)
        #expect(proxy.responds(to: "total"))
        #expect(try proxy.value(forMember: "total", as: Int.self) == 11)
    }
}
