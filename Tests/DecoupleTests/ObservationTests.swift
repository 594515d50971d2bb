@testable import Decouple
import DecoupleTestSupport
import Foundation
import Testing

private final class Person {
    @Observed var name = "小明"
    @Observed var age = 18
}

private final class Observer {}

@Suite struct ObservationTests {
    // MARK: KVO's options

    @Test func newOnly_reportsEachValueAfterTheChange() {
        let person = Person()
        let log = Log<ObservedChange<String>>()
        let token = person.$name.observe(options: [.new]) { log.append($0) }
        person.name = "小红"
        person.name = "小红"   // equal values are reported too, as KVO does
        #expect(log.all == [
            ObservedChange(old: nil, new: "小红", isPrior: false, isInitial: false),
            ObservedChange(old: nil, new: "小红", isPrior: false, isInitial: false),
        ])
        token.cancel()
    }

    @Test func oldAndNew() {
        let person = Person()
        let log = Log<ObservedChange<Int>>()
        let token = person.$age.observe(options: [.old, .new]) { log.append($0) }
        person.age = 19
        #expect(log.all == [ObservedChange(old: 18, new: 19, isPrior: false, isInitial: false)])
        _ = token
    }

    @Test func initial_callsAtOnce_withNewOnlyIfAskedFor() {
        let person = Person()
        let withNew = Log<ObservedChange<String>>()
        let withoutNew = Log<ObservedChange<String>>()
        let a = person.$name.observe(options: [.initial, .new]) { withNew.append($0) }
        let b = person.$name.observe(options: [.initial]) { withoutNew.append($0) }
        #expect(withNew.all == [ObservedChange(old: nil, new: "小明", isPrior: false, isInitial: true)])
        #expect(withoutNew.all == [ObservedChange(old: nil, new: nil, isPrior: false, isInitial: true)])
        person.name = "小红"
        #expect(withoutNew.all.last == ObservedChange(old: nil, new: nil, isPrior: false, isInitial: false))
        _ = (a, b)
    }

    @Test func prior_arrivesBeforeTheChange_withTheOldValue() {
        let person = Person()
        let log = Log<String>()
        let name = person.$name
        let token = name.observe(options: [.prior, .old, .new]) { change in
            // During the prior notification the property still holds the old value.
            log.append("\(change.isPrior ? "prior" : "after") old=\(change.old ?? "-") new=\(change.new ?? "-") now=\(name.value)")
        }
        person.name = "小红"
        #expect(log.all == ["prior old=小明 new=- now=小明", "after old=小明 new=小红 now=小红"])
        _ = token
    }

    // MARK: Every way an observation ends

    @Test func endsWhenCancelled_andCancellingTwiceIsHarmless() {
        let person = Person()
        let log = Log<String>()
        let token = person.$name.observe { log.append($0.new ?? "") }
        person.name = "a"
        token.cancel()
        token.cancel()
        person.name = "b"
        #expect(log.all == ["a"])
        #expect(token.isCancelled)
        #expect(person.$name.observerCount == 0)
    }

    @Test func endsWhenTheTokenIsReleased() {
        let person = Person()
        let log = Log<String>()
        var token: CancellationToken? = person.$name.observe { log.append($0.new ?? "") }
        person.name = "a"
        #expect(token != nil)
        token = nil
        person.name = "b"
        #expect(log.all == ["a"])
        #expect(person.$name.observerCount == 0)
    }

    @MainActor @Test func endsWhenTheObserverGoesAway_andIsNeverCalledAfter() {
        let person = Person()
        let calls = Log<String>()
        var observer: Observer? = Observer()
        weak let weakObserver = observer
        let token = person.$name.observe(observer!) { _, change in calls.append(change.new ?? "") }
        person.name = "a"
        observer = nil
        #expect(weakObserver == nil)   // the observation does not keep its observer alive
        person.name = "b"
        #expect(calls.all == ["a"])
        #expect(token.isCancelled)
        #expect(person.$name.observerCount == 0)
    }

    @Test func endsWhenTheObservedObjectGoesAway() {
        var person: Person? = Person()
        weak let weakName = person?.$name
        let token = person!.$name.observe { _ in }
        person = nil
        #expect(weakName == nil)       // the token does not keep the observable alive
        token.cancel()                 // and cancelling afterwards is harmless
    }

    @Test func cancellingAsThePropertyGoesAwayOnAnotherThread() {
        // A cancel racing the property's last release removes the observation or finds nothing,
        // and neither deadlocks nor touches a freed property (ThreadSanitizer and
        // AddressSanitizer run this in CI). A version that reached the property unretained
        // under a lock deadlocked here when the cancel's own release was the last one.
        for round in 0..<500 {
            let holder = Shared<ObservableProperty<Int>?>(ObservableProperty(round))
            let tokens = (0..<4).map { _ in holder.value!.observe { _ in } }
            DispatchQueue.concurrentPerform(iterations: 5) { index in
                if index == 4 {
                    let property = holder.mutate { property -> ObservableProperty<Int>? in
                        defer { property = nil }
                        return property
                    }
                    _ = property   // the last reference, released here, racing the cancels
                } else {
                    tokens[index].cancel()
                }
            }
            tokens[3].cancel()
            #expect(holder.value == nil)
        }
        // Alive, a cancelled token's observation is gone.
        let property = ObservableProperty(0)
        let token = property.observe { _ in }
        #expect(property.observerCount == 1)
        token.cancel()
        #expect(property.observerCount == 0)
    }

    @Test func thePropertyGoingAway_releasesItsHandlers_whileTokensLive() {
        // Tokens hold the property's guarded state, not the property: when the property goes,
        // its handlers (and what they captured) go with it, though the tokens live on.
        var property: ObservableProperty<Int>? = ObservableProperty(0)
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        let token = property!.observe { [captured] _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)   // held by the handler
        property = nil
        #expect(weakCaptured == nil)
        #expect(!token.isCancelled)
        token.cancel()                 // finds nothing to remove, harmlessly
    }

    @Test func aHandlerHoldingItsOwnToken_isReleasedWithTheProperty() {
        // token → state → handler → slot → token is a cycle, broken when the property goes.
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

    @Test func aValueHoldingATokenOfItsOwnProperty_isReleasedWithTheProperty() {
        // value → bag → token → state → value is a cycle, broken when the property goes: its
        // values are released with it, though the tokens that hold its state live on.
        final class Item: Sendable { let bag = CancellationBag() }
        var property: ObservableProperty<Item>? = ObservableProperty(Item())
        weak let weakFirst = property!.value
        property!.observe { _ in }.store(in: property!.value.bag)
        property!.value = Item()
        weak let weakSecond = property!.value
        property!.observe { _ in }.store(in: property!.value.bag)
        #expect(weakFirst == nil, "the replaced value went, its token with it")
        #expect(weakSecond != nil)
        property = nil
        #expect(weakSecond == nil)
    }

    @Test func cancellingFromAnotherThreadWhileTheHandlerRuns_returnsAfterIt() {
        // The gate: a cancel that finds the handler running on another thread waits for it to
        // return, and the handler is never entered after the cancel returned.
        let property = ObservableProperty(0)
        let entered = DispatchSemaphore(value: 0), cancelWaits = DispatchSemaphore(value: 0)
        let calls = Shared(0)
        let returned = Shared(false)
        let token = property.observe { change in
            calls.increment()
            if change.new == 1 {
                entered.signal()
                #expect(cancelWaits.wait(timeout: .now() + 10) == .success)
                returned.mutate { $0 = true }
            }
        }
        let setter = Thread { property.value = 1 }
        setter.start()
        #expect(entered.wait(timeout: .now() + 10) == .success)
        DeliveryProbe.install { point in if point == .waitingForHandler { cancelWaits.signal() } }
        token.cancel()
        DeliveryProbe.remove()
        #expect(returned.value)        // cancel returned only after the handler did
        property.value = 2
        #expect(calls.value == 1)
    }

    private final class Captured: Sendable {}

    @Test func endsWithItsBag() {
        let person = Person()
        let log = Log<String>()
        var bag: CancellationBag? = CancellationBag()
        person.$name.observe { log.append($0.new ?? "") }.store(in: bag!)
        person.$age.observe { log.append("\($0.new ?? 0)") }.store(in: bag!)
        person.name = "a"
        bag = nil
        person.name = "b"
        person.age = 1
        #expect(log.all == ["a"])

        let kept = CancellationBag()
        person.$name.observe { log.append($0.new ?? "") }.store(in: kept)
        kept.cancelAll()
        kept.cancelAll()
        person.name = "c"
        #expect(log.all == ["a"])
        #expect(kept.count == 0)
    }

    @Test func aHandlerMayCancelItsOwnObservationAndObserveMore() {
        let person = Person()
        let log = Log<String>()
        let slot = Slot()
        let age = person.$age
        slot.token = person.$name.observe { change in
            log.append(change.new ?? "")
            slot.token?.cancel()
            slot.extra = age.observe { log.append("age \($0.new ?? 0)") }
        }
        person.name = "a"
        person.name = "b"
        person.age = 20
        #expect(log.all == ["a", "age 20"])
    }

    private final class Slot: @unchecked Sendable {
        var token: CancellationToken?
        var extra: CancellationToken?
    }

    // MARK: Threads

    @Test func observingSettingAndCancellingFromManyThreads() async {
        let age = Person().$age   // an ObservableProperty is Sendable; the model object need not be
        let received = Log<Int>()
        let kept = CancellationBag()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let token = age.observe { received.append($0.new ?? -1) }
                        if round.isMultiple(of: 2) { token.store(in: kept) }
                        age.value = thread * 1000 + round
                        token.cancel()
                        token.cancel()
                    }
                }
            }
        }
        #expect(age.observerCount == 0)
        #expect(!received.all.isEmpty)
        #expect(!received.all.contains(-1))
    }

    // MARK: Cleaning without feedback

    @Test func transform_cleansEveryValue_andWritingBackDoesNotLoop() {
        let clean: @Sendable (String) -> String = { text in
            String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.drop { $0.isNumber })
        }
        let name = ObservableProperty("", transform: clean)
        let log = Log<String>()
        let slot = Slot()
        // An observer that writes back what it gets, as a two-way binding does.
        slot.token = name.observe { change in
            log.append(change.new ?? "")
            if let new = change.new, new != name.value { name.value = new }
        }
        name.value = "12ab$c"
        name.value = "小明x9"
        #expect(name.value == "x9")
        #expect(log.all == ["abc", "x9"])
    }
}

/// `@Observed` has reference semantics, as documented: the copies of a struct share one
/// observable, and a whole struct held in an `@Observed` property copies as a value.
@Suite struct ObservedReferenceSemanticsTests {
    private struct Form {
        @Observed var name = "Ann"
    }

    private struct LoginState: Equatable, Sendable {
        var name = "Ann"
    }

    private final class Holder {
        @Observed var state = LoginState()
    }

    @Test func observedInAStruct_copiesShareOneObservable() {
        let original = Form()
        let copy = original   // `let`: the setter is nonmutating
        #expect(copy.$name === original.$name)
        let seen = Shared<[String]>([])
        let token = original.$name.observe(options: [.new]) { seen.append($0.new ?? "-") }
        copy.name = "Bo"
        #expect(original.name == "Bo")
        original.name = "Cy"
        #expect(copy.name == "Cy")
        #expect(seen.value == ["Bo", "Cy"])
        token.cancel()
    }

    @Test func aWholeStructInAnObservedProperty_copiesAsAValue() {
        let holder = Holder()
        var copy = holder.state
        let seen = Shared<[String]>([])
        let token = holder.$state.observe(options: [.new]) { seen.append($0.new?.name ?? "-") }
        copy.name = "Bo"
        #expect(holder.state.name == "Ann")
        #expect(seen.value.isEmpty)
        holder.state.name = "Cy"
        #expect(copy.name == "Bo")
        #expect(seen.value == ["Cy"])
        token.cancel()
    }
}
