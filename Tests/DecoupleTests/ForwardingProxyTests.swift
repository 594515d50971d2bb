import Decouple
import DecoupleTestSupport
import Foundation
import Testing

@MainActor @Suite struct ForwardingProxyTests {
    private struct Icon: NamedImageContent {
        var name: String
        var image: ImageName
    }

    @Test func typedAccess_forwardsEachProtocolToItsOwnObject() {
        let proxy = ForwardingProxy()
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)
        proxy.inject(Icon(name: "QQ", image: "qq-icon"), as: NamedImageContent.self)

        #expect(proxy.title == "Ann")
        #expect(proxy.subtitle == "30")
        #expect(proxy.name == "QQ")
        #expect(proxy.image == "qq-icon")
        #expect(proxy.forward(\NamedImageContent.image) == "qq-icon")
        #expect(proxy.injectedProtocols == ["TitledContent", "NamedImageContent"])
    }

    @Test func typedAccess_notInjectedIsNilOrEmpty() {
        let proxy = ForwardingProxy()
        #expect(proxy.forward(\TitledContent.title) == nil)
        // Through the dynamic-member subscript the optional tells "not injected" apart from "".
        let viaSubscript: String? = proxy[dynamicMember: \TitledContent.title]
        #expect(viaSubscript == nil)
        // The conformance reads as empty, as a message to nil does in Objective-C.
        #expect(proxy.title == "")
        #expect(proxy.image == .empty)
    }

    @Test func injectingAgainReplaces() {
        let proxy = ForwardingProxy()
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)
        proxy.inject(CCBContent(model: CCBModel(story: "Fox", description: "tale")), as: TitledContent.self)
        #expect(proxy.title == "Fox")
        #expect(proxy.injectedProtocols == ["TitledContent"])
        proxy.remove(TitledContent.self)
        #expect(proxy.forward(\TitledContent.title) == nil)
        #expect(proxy.injectedProtocols.isEmpty)
    }

    @Test func byName_respondsAndReads() throws {
        let proxy = ForwardingProxy()
        #expect(!proxy.responds(to: "title"))
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)
        proxy.inject(Icon(name: "QQ", image: "qq-icon"), as: NamedImageContent.self)

        #expect(proxy.responds(to: "title"))
        #expect(proxy.responds(to: "image"))
        #expect(!proxy.responds(to: "price"))
        #expect(proxy.value(forMember: "subtitle") as? String == "30")
        #expect(try proxy.value(forMember: "image", as: ImageName.self) == "qq-icon")
        #expect(proxy.value(forMember: "price") == nil)
    }

    @Test func byName_errorsNameTheProblem() {
        let proxy = ForwardingProxy()
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)
        #expect(throws: ForwardingError.noProvider(member: "price", injected: ["TitledContent (subtitle, title)"])) {
            try proxy.value(forMember: "price", as: String.self)
        }
        #expect(ForwardingError.noProvider(member: "price", injected: ["TitledContent (subtitle, title)"]).description
            == "no injected object provides 'price'; injected: TitledContent (subtitle, title)")
        do {
            _ = try proxy.value(forMember: "title", as: Int.self)
            Issue.record("reading a String member as Int must throw")
        } catch {
            #expect(error.description == "member 'title' is String, not Int")
        }
        #expect(ForwardingError.noProvider(member: "x", injected: []).description
            == "no injected object provides 'x'; injected: (nothing)")
    }

    /// A member one typo from one that is injected gets "did you mean", across every injected
    /// protocol's table; a protocol injected without a table offers no names.
    @Test func byName_aNearMember_saysDidYouMean() {
        let proxy = ForwardingProxy()
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)
        proxy.inject(Icon(name: "QQ", image: "qq-icon"), as: NamedImageContent.self)
        var messages: [String] = []
        for member in ["titel", "Subtitle", "imag", "price"] {
            do {
                messages.append("found \(try proxy.value(forMember: member, as: String.self))")
            } catch {
                messages.append(error.description)
            }
        }
        assertInlineSnapshot(of: messages.joined(separator: "\n"), as: .lines) {
            """
            no injected object provides 'titel'; injected: TitledContent (subtitle, title); NamedImageContent (image, name); did you mean 'title'?
            no injected object provides 'Subtitle'; injected: TitledContent (subtitle, title); NamedImageContent (image, name); did you mean 'subtitle'?
            no injected object provides 'imag'; injected: TitledContent (subtitle, title); NamedImageContent (image, name); did you mean 'image'?
            no injected object provides 'price'; injected: TitledContent (subtitle, title); NamedImageContent (image, name)
            """
        }
        #expect(ForwardingError.noProvider(member: "headlin", injected: ["HeadlineContent (no member table)"]).description
            == "no injected object provides 'headlin'; injected: HeadlineContent (no member table); to find HeadlineContent's members by name, pass a MemberTable as 'members:' when injecting it, or let the decouple tool's proxy style write one")
    }

    @Test func userProtocol_withMemberTableAndDynamicMemberSubscript() throws {
        let proxy = ForwardingProxy()
        proxy.inject(Article(headline: "Decoupled!"), as: HeadlineContent.self, members: .headlineContent)
        #expect(proxy.headline == "Decoupled!")
        #expect(proxy.responds(to: "headline"))
        #expect(try proxy.value(forMember: "headline", as: String.self) == "Decoupled!")

        // Without a member table, typed look-up still works but the name is unknown.
        let bare = ForwardingProxy()
        bare.inject(Article(headline: "Quiet"), as: HeadlineContent.self)
        #expect(bare.headline == "Quiet")
        #expect(!bare.responds(to: "headline"))
        #expect(throws: ForwardingError.noProvider(member: "headline", injected: ["HeadlineContent (no member table)"])) {
            try bare.value(forMember: "headline", as: String.self)
        }
    }

    @Test func userProtocol_withReaderTable_andInjectionOrderAfterRemoval() throws {
        let proxy = ForwardingProxy()
        proxy.inject(Article(headline: "Fast"), as: HeadlineContent.self, members: .headlineReaders)
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)
        #expect(try proxy.value(forMember: "headline", as: String.self) == "Fast")
        #expect(proxy.value(forMember: "title") as? String == "Ann")
        #expect(proxy.injectedProtocols == ["HeadlineContent", "TitledContent"])

        // Removing and injecting again puts the protocol last; replacing keeps its place.
        proxy.remove(HeadlineContent.self)
        #expect(proxy.injectedProtocols == ["TitledContent"])
        #expect(proxy.headline == nil)
        proxy.inject(Article(headline: "Again"), as: HeadlineContent.self, members: .headlineReaders)
        proxy.inject(CCAContent(model: CCAModel(name: "Bo", age: "4")), as: TitledContent.self)
        #expect(proxy.injectedProtocols == ["TitledContent", "HeadlineContent"])
        #expect(proxy.title == "Bo")
        #expect(proxy.headline == "Again")
        #expect(MemberTable<any HeadlineContent>.headlineReaders.names == ["headline", "kicker"])
        #expect(try proxy.value(forMember: "kicker", as: String.self) == "AGAIN")
    }

    @Test func ownership_strongInjectionKeepsTheObjectAlive() {
        let proxy = ForwardingProxy()
        weak var weakModel: Owner?  // assigned in the scope below
        do {
            let model = Owner(title: "kept")
            weakModel = model
            proxy.inject(model, as: TitledContent.self)
        }
        #expect(weakModel != nil)
        #expect(proxy.title == "kept")
        proxy.remove(TitledContent.self)
        #expect(weakModel == nil)
    }

    @Test func ownership_weakInjectionDoesNotAndThenReadsAsAbsent() throws {
        let proxy = ForwardingProxy()
        var model: Owner? = Owner(title: "borrowed")
        weak let weakModel = model
        try proxy.inject(weak: model!, as: TitledContent.self)
        #expect(proxy.title == "borrowed")
        #expect(proxy.responds(to: "title"))
        model = nil
        #expect(weakModel == nil)
        #expect(proxy.forward(\TitledContent.title) == nil)
        #expect(!proxy.responds(to: "title"))
        #expect(proxy.injectedProtocols.isEmpty)
    }

    @Test func ownership_weakInjectionOfASubclassInstanceIsReadThroughItsConformance() throws {
        // A weakly injected object is the caller's own class (here a subclass of a conforming
        // one), never the proxy's box: typed and by-name look-ups read it through a cast.
        let proxy = ForwardingProxy()
        let model = SubOwner(title: "sub")
        try proxy.inject(weak: model, as: TitledContent.self)
        #expect(proxy.forward(\TitledContent.title) == "sub")
        #expect((proxy.object(for: TitledContent.self) as? SubOwner) === model)
        #expect(proxy.value(forMember: "title") as? String == "sub")
        // A strongly injected one comes back from its box.
        proxy.inject(model, as: TitledContent.self)
        #expect((proxy.object(for: TitledContent.self) as? SubOwner) === model)
        #expect(proxy.value(forMember: "subtitle") as? String == "")
    }

    @Test func byName_skipsAGoneWeakProviderForTheNextOneWithTheMember() throws {
        let proxy = ForwardingProxy()
        var model: Owner? = Owner(title: "weak")
        try proxy.inject(weak: model!, as: TitledContent.self)
        proxy.inject(Caption(title: "strong"), as: CaptionContent.self, members: .captionContent)
        #expect(proxy.value(forMember: "title") as? String == "weak")   // injected first
        model = nil
        #expect(proxy.responds(to: "title"))
        #expect(proxy.value(forMember: "title") as? String == "strong")
        #expect(try proxy.value(forMember: "title", as: String.self) == "strong")
        #expect(!proxy.responds(to: "subtitle"))   // only the gone object's table has it
        #expect(proxy.value(forMember: "subtitle") == nil)
    }

    @Test func ownership_weakInjectionOfAValueThrows() {
        let proxy = ForwardingProxy()
        #expect(throws: ForwardingError.notAnObject("CCAContent")) {
            try proxy.inject(weak: CCAContent(model: CCAModel(name: "a", age: "1")), as: TitledContent.self)
        }
        #expect(ForwardingError.notAnObject("CCAContent").description
            == "'CCAContent' is a value type and cannot be injected weakly; inject it strongly")
    }
}

// MARK: - Fixtures

private final class Owner: TitledContent {
    let title: String
    var subtitle: String { "" }
    init(title: String) { self.title = title }
}

private class SubOwnerBase: TitledContent {
    let title: String
    var subtitle: String { "" }
    init(title: String) { self.title = title }
}

private final class SubOwner: SubOwnerBase {}

private protocol CaptionContent {
    var title: String { get }
}

private struct Caption: CaptionContent {
    var title: String
}

extension MemberTable where Root == any CaptionContent {
    fileprivate static let captionContent = MemberTable(readers: ["title": { $0.title }])
}

protocol HeadlineContent {
    var headline: String { get }
}

private struct Article: HeadlineContent {
    var headline: String
}

extension MemberTable where Root == any HeadlineContent {
    static let headlineContent = MemberTable(["headline": \.headline])
    static let headlineReaders = MemberTable(readers: ["headline": { $0.headline }, "kicker": { $0.headline.uppercased() }])
}

extension ForwardingProxy {
    @MainActor subscript<Value>(dynamicMember keyPath: KeyPath<any HeadlineContent, Value>) -> Value? {
        forward(keyPath)
    }
}

@MainActor @Suite struct ForwardingProxyDynamicMemberTests {
    private struct Headline: TitledContent {
        var title = "标题"
        var subtitle = ""
    }

    @Test func builtInSubscript_tellsMissingFromEmpty_whileTheConformanceReadsEmpty() {
        let proxy = ForwardingProxy()
        #expect(proxy[dynamicMember: \.title] == nil)
        #expect(proxy.title == "")
        proxy.inject(Headline(), as: TitledContent.self)
        #expect(proxy[dynamicMember: \.title] == "标题")
        #expect(proxy[dynamicMember: \.subtitle] == "")
    }

    /// Every spelling of a look-up by name means what it says: without `as:` it is the
    /// non-throwing `Any?` (also when coerced, `as Any`), with `as:` the typed, throwing one.
    @Test func valueForMember_everySpellingPicksTheObviousLookUp() throws {
        let proxy = ForwardingProxy()
        proxy.inject(CCAContent(model: CCAModel(name: "Ann", age: "30")), as: TitledContent.self)

        let plain = proxy.value(forMember: "title")
        #expect(type(of: plain) == Optional<Any>.self)
        #expect(plain as? String == "Ann")
        let coerced = proxy.value(forMember: "title") as Any
        #expect(type(of: coerced) == Optional<Any>.self)   // the Any? read, in an Any
        #expect(coerced as? String == "Ann")
        let missing = proxy.value(forMember: "price") as Any   // nil in an Any, never a throw
        #expect(String(describing: missing) == "nil")
        #expect(proxy.value(forMember: "price") as Any? == nil)
        let annotated: Any? = proxy.value(forMember: "title")
        #expect(annotated as? String == "Ann")
        if let found = proxy.value(forMember: "title") { #expect(found as? String == "Ann") }

        #expect(try proxy.value(forMember: "title", as: String.self) == "Ann")
        #expect(try proxy.value(forMember: "title", as: Any.self) as? String == "Ann")
        #expect(throws: ForwardingError.self) { try proxy.value(forMember: "price", as: Any.self) }
        #expect(throws: ForwardingError.self) { try proxy.value(forMember: "title", as: Int.self) }
    }

    private class Base {
        var title: String { "base" }
    }

    private final class Sub: Base {
        override var title: String { "sub" }
    }

    /// A subclass's metatype held as its superclass's is injected for the superclass, the type
    /// the call is compiled for: what is listed can be read, found and removed.
    @Test func injectingThroughASuperclassMetatypeValue_isListedReadAndRemovedAsThatType() throws {
        let meta: Base.Type = Sub.self
        let object = Sub()
        for weakly in [false, true] {
            let proxy = ForwardingProxy()
            if weakly { try proxy.inject(weak: object, as: meta) } else { proxy.inject(object, as: meta) }
            #expect(proxy.injectedProtocols == ["Base"])
            #expect(proxy.object(for: meta)?.title == "sub")
            #expect(proxy.object(for: Base.self)?.title == "sub")
            #expect(proxy.forward(\Base.title) == "sub")
            #expect(proxy.object(for: Sub.self) == nil)   // nothing was injected as `Sub`
            proxy.inject(Base(), as: Base.self)   // the same entry: replaced
            #expect(proxy.injectedProtocols == ["Base"])
            #expect(proxy.forward(\Base.title) == "base")
            proxy.remove(meta)
            #expect(proxy.injectedProtocols.isEmpty)
        }
    }
}
