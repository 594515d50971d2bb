import Decouple
import Foundation
@testable import GeneratorCoverageFixture
import Testing

/// The coverage fixture's generated code, exercised at run time.
@MainActor @Suite struct GeneratedCoverageTests {
    @Test func nestedModel_mergedExtensionMemberAndOptionalDefault() {
        let user = API.User(first: "Ann", last: "Lee", nickname: nil)
        #expect(user.title == "Ann Lee")          // `fullName`, declared in another file
        #expect(user.subtitle == "(none)")
        #expect(API.User(first: "A", last: "B", nickname: "ab").subtitle == "ab")
    }

    @Test func genericModel_everySpecialisationConforms() {
        #expect(Page(heading: "Numbers", items: [1, 2]).title == "Numbers")
        #expect(Page(heading: "Numbers", items: [1, 2]).subtitle == "[1, 2]")
        #expect(Page(heading: "Words", items: ["a"]).subtitle == #"["a"]"#)
    }

    @Test func publicModel_matchesByNameAndConverts() {
        let product = Product(title: "Tea", amount: 2.5)
        let content: any TitledContent = product
        #expect(content.title == "Tea")
        #expect(content.subtitle == "2.5")
    }

    @Test func propertyWrapperIfConfigUnicodeEnumAndActor() {
        let profile = Profile(nickname: "  neo  ")
        #expect(profile.title == "neo")
        #expect(profile.subtitle == "Linux")

        let card = 名片(名字: "小明", 职位: "工程师")
        #expect(card.title == "小明")
        #expect(card.subtitle == "工程师")

        #expect(Status.on.title == "On")
        #expect(Status.off.subtitle == "stopped")

        let worker: any TitledContent = Worker(name: "Ann", role: "builder")
        #expect(worker.title == "Ann")
        #expect(worker.subtitle == "builder")
    }

    @Test func methodRequirementImplementedByTheModel() {
        let invoice: any PriceContent = Invoice(total: 12.5)
        #expect(invoice.price == "12.5")
        #expect(invoice.formatted(currency: "¥") == "¥12.5")
    }

    @Test func factoryStyleForANestedCodableModel() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.registerGeneratedAdapters()
        let feed = try factory.decodeFeed(from: Data(#"[{"type": "post", "headline": "Hi", "likes": 3}]"#.utf8))
        #expect(feed.items.map(\.title) == ["Hi"])
        #expect(feed.items.map(\.subtitle) == ["3"])
        #expect(try factory.adapt(API.Post(headline: "Yo", likes: 1)).subtitle == "1")
    }

    @Test func proxyStyleForAPublicProtocolWithAnOptional() throws {
        let ticket = Ticket(code: "A1", seats: 2)
        #expect(ticket.badge == "A1")
        #expect(ticket.count == 2)

        let proxy = ForwardingProxy()
        #expect(proxy.badge == "")
        #expect(proxy.count == nil)
        proxy.inject(ticket, as: BadgeContent.self)   // the generated overload passes the member table
        #expect(proxy.badge == "A1")
        #expect(proxy.count == 2)
        #expect(proxy.value(forMember: "badge") as? String == "A1")
    }

    @Test func proxyStyle_typedLookUpTellsNothingInjectedFromEmpty() {
        let proxy = ForwardingProxy()
        // The conformance answers empty; the generated dynamic-member subscript answers `nil`.
        #expect(proxy.badge == "")
        #expect(proxy[dynamicMember: \BadgeContent.badge] == nil)
        #expect(proxy[dynamicMember: \AvatarContent.avatar] == nil)
        proxy.inject(Ticket(code: "A1", seats: 2), as: BadgeContent.self, members: .badgeContent)
        #expect(proxy[dynamicMember: \BadgeContent.badge] == "A1")
        #expect(proxy[dynamicMember: \BadgeContent.count] == .some(2))
        #expect(proxy[dynamicMember: \AvatarContent.avatar] == nil)
    }

    @Test func proxyStyle_memberTableReadsThroughItsReaders() {
        #expect(MemberTable<any BadgeContent>.badgeContent.names == ["badge", "count"])
        let proxy = ForwardingProxy()
        proxy.inject(Ticket(code: "B2", seats: 5), as: BadgeContent.self, members: .badgeContent)
        proxy.inject(Member(photo: "me.png"), as: AvatarContent.self, members: .avatarContent)
        #expect(proxy.value(forMember: "badge") as? String == "B2")
        #expect(proxy.value(forMember: "count") as? Int == 5)
        #expect(proxy.value(forMember: "price") == nil)
        #expect(proxy.value(forMember: "avatar") as? ImageName == ImageName("me.png"))
    }

    @Test func proxyStyleForAnImageRequirement() {
        #expect(Member(photo: "me.png").avatar == ImageName("me.png"))
        let proxy = ForwardingProxy()
        #expect(proxy.avatar == ImageName.empty)
        proxy.inject(Member(photo: "me.png"), as: AvatarContent.self)
        #expect(proxy.avatar == ImageName("me.png"))
        #expect(proxy.responds(to: "avatar"))
    }

    @Test func twoProtocolsRequiringOneMember_shareOneWitness() {
        let bulletin = Bulletin(text: "Storm")
        let headlines: [String] = [(bulletin as any PublicHeadline).headline, (bulletin as any InternalHeadline).headline]
        #expect(headlines == ["Storm", "Storm"])
    }

    @Test func factoryRequirementNamedModel_andRawIdentifiers() throws {
        let owned = ContentFactory<any Owned>()
        try owned.registerGeneratedAdapters()
        #expect(try owned.adapt(Car(maker: "Volvo")).model == "Volvo")

        #expect(`Name Badge`(`full name`: "Ann Lee").title == "Ann Lee")
        let cards = ContentFactory<any TitledContent>()
        try cards.registerGeneratedAdapters()
        let feed = try cards.decodeFeed(from: Data(#"[{"type": "card", "full name": "Ann Lee"}]"#.utf8))
        #expect(feed.items.map(\.subtitle) == ["Ann Lee"])
    }
}
