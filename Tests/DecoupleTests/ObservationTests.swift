@testable import Decouple
import DecoupleTestSupport
import Testing

@MainActor private final class Person {
    @Observed var name = "小明"
    @Observed var age = 18
}

private final class Captured {}

/// What handlers saw, in order.
@MainActor final class Seen<Value> {
    private(set) var all: [Value] = []
    func append(_ value: Value) { all.append(value) }
}

@MainActor
@Suite struct ObservationTests {
    // MARK: KVO's options

    @Test func newOnly_reportsEachValueAfterTheChange() {
        let person = Person()
        let seen = Seen<ObservedChange<String>>()
        let token = person.$name.observe(options: [.new]) { seen.append($0) }
        person.name = "小红"
        person.name = "小红"   // equal values are reported too, as KVO does
        #expect(seen.all == [ObservedChange(old: nil, new: "小红"), ObservedChange(old: nil, new: "小红")])
        token.cancel()
    }

    @Test func transform_cleansEveryValue_andWritingBackDoesNotLoop() {
        let clean: (String) -> String = { String($0.filter { $0.isLetter || $0.isNumber }.drop { $0.isNumber }) }
        let name = ObservableProperty("1a-b", transform: clean)
        #expect(name.value == "ab")
        let seen = Seen<String>()
        // A handler that writes back what it is told: the value is clean already, so it settles.
        let token = name.observe(options: [.new]) { change in
            seen.append(change.new!)
            name.value = change.new!
        }
        name.value = "abc"
        name.value = "小明x9"
        #expect(name.value == "小明x9")
        name.value = "9x"
        #expect(name.value == "x")
        #expect(seen.all == ["abc", "小明x9", "x"])
        token.cancel()
    }

    // MARK: Every way an observation ends

    @Test func endsWhenCancelled_andCancellingTwiceIsHarmless() {
        let person = Person()
        let seen = Seen<String>()
        let token = person.$name.observe { seen.append($0.new ?? "") }
        person.name = "a"
        token.cancel()
        token.cancel()
        person.name = "b"
        #expect(seen.all == ["a"])
        #expect(token.isCancelled)
        #expect(person.$name.entries.isEmpty)
    }

    @Test func endsWhenTheObserverGoesAway_andIsNeverCalledAfter() {
        let person = Person()
        let seen = Seen<String>()
        var observer: Captured? = Captured()
        weak let weakObserver = observer
        let token = person.$name.observe(observer!) { _, change in seen.append(change.new ?? "") }
        person.name = "a"
        observer = nil
        #expect(weakObserver == nil)   // the observation does not keep its observer alive
        person.name = "b"
        #expect(seen.all == ["a"])
        #expect(token.isCancelled)
    }

    @Test func thePropertyGoingAway_releasesItsHandlers_andEndsItsTokens() {
        var property: ObservableProperty<Int>? = ObservableProperty(0)
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        let token = property!.observe { [captured] _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)   // held by the handler
        property = nil
        #expect(weakCaptured == nil)   // the handler went with the property
        token.cancel()                 // harmless
    }

    @Test func aHandlerHoldingItsOwnToken_isReleasedWithTheProperty() {
        // property → handler → slot → token: the token holds neither, so nothing is left.
        var property: ObservableProperty<Int>? = ObservableProperty(0)
        weak var weakToken: CancellationToken?
        do {
            let slot = Slot()
            slot.token = property!.observe { _ in _ = slot }
            weakToken = slot.token
        }
        property!.value = 1
        #expect(weakToken != nil)
        property = nil
        #expect(weakToken == nil)
    }

    @Test func aHandlerMayCancelItsOwnObservationAndObserveMore() {
        let person = Person()
        let seen = Seen<String>()
        let slot = Slot()
        let age = person.$age
        slot.token = person.$name.observe { change in
            seen.append(change.new ?? "")
            slot.token?.cancel()
            slot.extra = age.observe { seen.append("age \($0.new ?? 0)") }
        }
        person.name = "a"
        person.name = "b"
        person.age = 20
        #expect(seen.all == ["a", "age 20"])
    }

    @Test func aBagThatLivesLong_dropsTheTokensOfEndedWork() {
        let bag = CancellationBag()
        let property = ObservableProperty(0)
        for _ in 0..<1_000 { property.observe { _ in }.store(in: bag) }
        #expect(bag.count == 1_000)
        for _ in 0..<10_000 {
            let token = property.observe { _ in }
            token.store(in: bag)
            token.cancel()
        }
        // The cancelled ones are dropped as it grows: at most twice what is live, and a little.
        #expect(bag.count <= 2 * 1_000 + 16, "\(bag.count) tokens kept")
        #expect(property.observerCount == 1_000)
        bag.cancelAll()
        #expect(bag.count == 0)
        #expect(property.observerCount == 0)
    }

    private final class Slot {
        var token: CancellationToken?
        var extra: CancellationToken?
    }

    // MARK: Derived values and operators

    @Test func mapFilterAndDistinct() {
        let person = Person()
        let label = person.$age.map { "\($0) 岁" }
        let seen = Seen<String>()
        let bag = CancellationBag()
        label.observe(options: [.initial, .new]) { seen.append($0.new!) }.store(in: bag)
        person.$age.observeValues(where: { $0 >= 20 }) { seen.append("adult \($0)") }.store(in: bag)
        person.$age.observeDistinct { seen.append("changed to \($0.new!)") }.store(in: bag)
        person.age = 19
        person.age = 19
        person.age = 20
        #expect(seen.all == ["18 岁", "changed to 19", "19 岁", "19 岁", "adult 20", "changed to 20", "20 岁"])
    }
}

/// `@Observed` has reference semantics, as documented: the copies of a struct share one
/// observable, and a whole struct held in an `@Observed` property copies as a value.
@MainActor
@Suite struct ObservedReferenceSemanticsTests {
    @MainActor private struct Form {
        @Observed var name = "Ann"
    }

    private struct LoginState: Equatable {
        var name = "Ann"
    }

    @MainActor private final class Holder {
        @Observed var state = LoginState()
    }

    @Test func observedInAStruct_copiesShareOneObservable() {
        let original = Form()
        let copy = original   // `let`: the setter is nonmutating
        #expect(copy.$name === original.$name)
        let seen = Seen<String>()
        let token = original.$name.observe(options: [.new]) { seen.append($0.new ?? "-") }
        copy.name = "Bo"
        #expect(original.name == "Bo")
        original.name = "Cy"
        #expect(copy.name == "Cy")
        #expect(seen.all == ["Bo", "Cy"])
        token.cancel()
    }

    @Test func aWholeStructInAnObservedProperty_copiesAsAValue() {
        let holder = Holder()
        var copy = holder.state
        let seen = Seen<String>()
        let token = holder.$state.observe(options: [.new]) { seen.append($0.new?.name ?? "-") }
        copy.name = "Bo"
        #expect(holder.state.name == "Ann")
        #expect(seen.all.isEmpty)
        holder.state.name = "Cy"
        #expect(copy.name == "Bo")
        #expect(seen.all == ["Cy"])
        token.cancel()
    }
}

/// What a released token or derived value lets go of is released one batch after another, never
/// inside the `deinit` that released it: a chain's depth is not the stack's.
@MainActor @Suite struct ReleasesTests {
    /// A link whose `deinit` hands the next link to `Releases`, counting how deep the deinits nest.
    final class Link: @unchecked Sendable {
        var next: Link?
        nonisolated(unsafe) static var depth = 0
        nonisolated(unsafe) static var deepest = 0
        nonisolated(unsafe) static var released = 0

        init(next: Link?) { self.next = next }

        deinit {
            Link.depth += 1
            Link.deepest = max(Link.deepest, Link.depth)
            Link.released += 1
            if next != nil { MainActor.assumeIsolated { Releases.release([next.take()!]) } }
            Link.depth -= 1
        }
    }

    @Test func aChainIsReleasedOneLinkAfterAnother_notOneInsideAnother() {
        var chain: Link?
        for _ in 0..<1_000 { chain = Link(next: chain) }
        Releases.release([chain.take()!])
        #expect(Link.released == 1_000)
        #expect(Link.deepest == 1, "deinits nested \(Link.deepest) deep")
    }
}
