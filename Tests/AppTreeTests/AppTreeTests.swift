@testable import AppTreeAdapters
import AppTreeCore
import AppTreeProto
import AppTreeWidget
import Decouple
import Foundation
import Testing

/// The adapters `decouple generate` wrote for the whole app-shaped tree (Tests/Fixtures/AppTree),
/// compiled in a module of their own and used at run time, in all three styles.
@MainActor @Suite struct AppTreeTests {
    @Test func conformanceStyle_publicTypesInExtensionsOfANamespace() {
        let account: any TitledContent = Mastodon.Entity.Account(username: "ann", displayName: "Ann Lee")
        #expect(account.title == "Ann Lee")
        #expect(account.subtitle == "ann")

        let tag: any BadgeDisplay = Mastodon.Entity.Tag(name: "swift", uses: 3)
        #expect(tag.badge == "swift")
        #expect(tag.count == 3)
    }

    @Test func conformanceStyle_theNamesakeTheConfigurationChose() {
        let profile: any TitledContent = AppTreeCore.Profile(name: "Ann", bio: "builds apps")
        #expect(profile.title == "Ann")
        #expect(profile.subtitle == "builds apps")
        // The widget's `Profile` got the proxy-style conformance to `BadgeDisplay` instead.
        let widgetProfile: any BadgeDisplay = AppTreeWidget.Profile(name: "Bo", followers: 40)
        #expect(widgetProfile.badge == "Bo")
        #expect(widgetProfile.count == 40)
        // … and, annotated, a conformance to `TitledContent` of its own.
        let widgetContent: any TitledContent = AppTreeWidget.Profile(name: "Bo", followers: 41)
        #expect(widgetContent.title == "Bo")
        #expect(widgetContent.subtitle == "41")
    }

    @Test func conformanceStyle_thisPlatformsModelAndAConditionalMember() {
        // On Linux the `#else` branches are compiled: `detail` and `family` are `Int`s there.
        let screen = Screen()
        screen.detail = 5
        #expect(screen.title == "Desk")
        #expect(screen.subtitle == "5")
        var row = Row()
        row.badge = "3 new"
        #expect(row.subtitle == "3 new")
        let entry = Entry()
        #expect(entry.title == "other")
        #expect(entry.subtitle == "4")
    }

    @Test func inferredTypes_staticMemberAndInitializerCall() {
        let station = Station(name: "Local")
        let content: any TitledContent = station
        #expect(content.title == "Local")
        #expect(content.subtitle == Station.shared.name)   // `static let shared = Station(name: "Radio One")`
    }

    @Test func methodRequirements_fromAPropertyAndForwardedToAMethod() {
        var track = Track()
        track.tags = ["live", "rare"]
        let row: any RowDisplay = track
        #expect(row.headline() == #"["live", "rare"]"#)          // `var tags = [String]()`
        #expect(row.detail(in: "en") == "#7, 2 tags, en")        // the model's own `detail(in:)`

        var item = App_FeedItem()
        item.title = "Launch"
        item.likes = 12
        let feedRow: any RowDisplay = item
        #expect(feedRow.headline() == "Launch")
        #expect(feedRow.detail(in: "fr") == "12 j'aime")         // forwarded to `summary(in:)`
        #expect(feedRow.detail(in: "en") == "12 likes")
    }

    @Test func factoryStyle_modelsFromTwoModules() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.registerGeneratedAdapters()
        var track = Track()
        track.kind = .song
        let adaptedTrack = try factory.adapt(track)
        #expect(adaptedTrack.title == "song")                               // `var kind = Kind.podcast`
        #expect(adaptedTrack.subtitle == "https://example.com/track/1")     // `URL(string: …)!`

        var user = App_User()
        user.name = "Ann"
        user.handle = "@ann"
        let adaptedUser = try factory.adapt(user)
        #expect(adaptedUser.title == "Ann")
        #expect(adaptedUser.subtitle == "@ann")
    }

    @Test func proxyStyle_rawValueAndTheWidgetsNamesake() {
        #expect(MemberTable<any BadgeDisplay>.badgeDisplay.names == ["badge", "count"])
        let proxy = ForwardingProxy()
        #expect(proxy.badge == "")
        #expect(proxy.count == 0)

        proxy.inject(Source.library, as: BadgeDisplay.self, members: .badgeDisplay)
        #expect(proxy.badge == "Library")
        #expect(proxy.count == 2)                                 // the synthesized `rawValue`
        #expect(proxy.value(forMember: "count") as? Int == 2)

        proxy.inject(AppTreeWidget.Profile(name: "Bo", followers: 40), as: BadgeDisplay.self)
        #expect(proxy.badge == "Bo")
        #expect(proxy.value(forMember: "count") as? Int == 40)
    }
}
