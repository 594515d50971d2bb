@testable import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// The promises of the `DeliveryContract` article that the core keeps, one test each, named in
/// the article.
@MainActor
@Suite struct DeliveryContractTests {
    // MARK: Rounds

    @Test func aSetOutsideHandlers_isToldToEveryObserverBeforeItReturns() {
        let property = ObservableProperty(0)
        let seen = Seen<String>()
        let bag = CancellationBag()
        for name in ["a", "b", "c"] {
            property.observe { seen.append("\(name)\($0.new!)") }.store(in: bag)
        }
        property.value = 1
        #expect(seen.all == ["a1", "b1", "c1"])
        property.value = 2
        #expect(seen.all == ["a1", "b1", "c1", "a2", "b2", "c2"])
    }

    @Test func aSetInsideAHandler_isStoredAtOnce_andToldAfterTheRound() {
        let p = ObservableProperty(0), q = ObservableProperty(0)
        let seen = Seen<String>()
        let bag = CancellationBag()
        p.observe { change in
            seen.append("first p\(change.new!)")
            if change.new == 1 {
                q.value = 1
                seen.append("q reads \(q.value)")   // stored at once
                p.value = 2
                seen.append("p reads \(p.value)")
            }
        }.store(in: bag)
        p.observe { seen.append("second p\($0.new!)") }.store(in: bag)
        q.observe { seen.append("q\($0.new!) while p reads \(p.value)") }.store(in: bag)
        p.value = 1
        // The round of 1 ends before q's; q's comes before p's 2, first in, first out; nobody
        // hears 1 after 2.
        #expect(seen.all == [
            "first p1", "q reads 1", "p reads 2", "second p1",
            "q1 while p reads 2",
            "first p2", "second p2",
        ])
    }

    @Test func anEqualSetInsideAHandler_changesNothing_soTwoWayBindingsSettle() {
        let a = ObservableProperty("x"), b = ObservableProperty("y")
        var calls = 0
        let bag = CancellationBag()
        a.observe(options: [.initial, .new]) { calls += 1; b.value = $0.new! }.store(in: bag)
        b.observe { calls += 1; a.value = $0.new! }.store(in: bag)
        #expect((a.value, b.value) == ("x", "x"))
        a.value = "1"
        b.value = "2"
        #expect((a.value, b.value) == ("2", "2"))
        #expect(calls == 5)   // initial, 1 → b, b's 1 → equal; 2 → a, a's 2 → equal
        // Outside handlers an equal value is told, as with KVO.
        a.value = "2"
        #expect(calls == 6)
    }

    // MARK: The KVO options

    @Test func initial_isCalledBeforeObserveReturns_insideAHandlerToo() {
        let property = ObservableProperty(0)
        let seen = Seen<String>()
        let bag = CancellationBag()
        // The handlers below hold their property and the bag: a cycle only cancelling breaks.
        defer { bag.cancelAll() }
        let first = property.observe(options: [.initial, .new]) { seen.append("first \($0.new!) \($0.isInitial)") }
        #expect(seen.all == ["first 0 true"])
        // Made inside a handler of the same property, the initial call still comes before
        // `observe` returns, with the value stored now; the observer then hears later values.
        property.observe { change in
            guard change.new == 1 else { return }
            property.value = 2
            property.observe(options: [.initial, .new]) { seen.append("inner \($0.new!) \($0.isInitial)") }.store(in: bag)
            seen.append("observe returned")
        }.store(in: bag)
        property.value = 1
        // The inner observer began after 2 was set: its initial call told it 2, and the round of 2
        // is not told to it again.
        #expect(seen.all == ["first 0 true", "first 1 false", "inner 2 true", "observe returned", "first 2 false"])
        first.cancel()
        // And with a set in its own initial call: the call comes first, the value's round after.
        let other = ObservableProperty(0)
        let order = Seen<String>()
        other.observe(options: [.initial, .new]) { change in
            order.append("\(change.new!)")
            if change.isInitial { other.value = 5 }
        }.store(in: bag)
        order.append("returned")
        #expect(order.all == ["0", "5", "returned"])
    }

    @Test func prior_isCalledBeforeTheValueIsStored() {
        let property = ObservableProperty("a")
        let seen = Seen<String>()
        let token = property.observe(options: [.prior, .old, .new]) { change in
            seen.append("\(change.isPrior ? "prior" : "after") old=\(change.old ?? "-") new=\(change.new ?? "-") reads=\(property.value)")
        }
        property.value = "b"
        #expect(seen.all == ["prior old=a new=- reads=a", "after old=a new=b reads=b"])
        token.cancel()
    }

    @Test func prior_ofAValueSetInsideAHandler_comesWithItsRound() {
        // A sets 2 when told 1; B asks for prior calls: each pair comes together, in order.
        let property = ObservableProperty(0)
        let seen = Seen<String>()
        let bag = CancellationBag()
        property.observe { if $0.new == 1 { property.value = 2 } }.store(in: bag)
        property.observe(options: [.prior, .old, .new]) { change in
            seen.append(change.isPrior ? "will leave \(change.old!)" : "\(change.old!) → \(change.new!)")
        }.store(in: bag)
        property.value = 1
        #expect(seen.all == ["will leave 0", "0 → 1", "will leave 1", "1 → 2"])
    }

    @Test func oldAndNew_areThereWhenAskedFor() {
        let property = ObservableProperty(18)
        let seen = Seen<ObservedChange<Int>>()
        let bag = CancellationBag()
        for options: ObservationOptions in [[], [.old], [.new], [.old, .new]] {
            property.observe(options: options) { seen.append($0) }.store(in: bag)
        }
        property.value = 19
        #expect(seen.all == [
            ObservedChange(old: nil, new: nil), ObservedChange(old: 18, new: nil),
            ObservedChange(old: nil, new: 19), ObservedChange(old: 18, new: 19),
        ])
    }

    // MARK: The end

    @Test func cancel_endsTheObservation_evenForARoundAlreadyQueued() {
        let p = ObservableProperty(0), q = ObservableProperty(0)
        let seen = Seen<String>()
        let bag = CancellationBag()
        var late: CancellationToken?
        p.observe { _ in
            q.value = 1          // queued: told after this round
            late?.cancel()       // cancelled before its round comes
            late?.cancel()       // twice is harmless
        }.store(in: bag)
        late = q.observe { seen.append("late \($0.new!)") }
        p.value = 1
        #expect(seen.all.isEmpty)
        #expect(late?.isCancelled == true)
    }

    @Test func releasingTheTokenTheBagOrTheProperty_endsTheObservation() {
        let property = ObservableProperty(0)
        let seen = Seen<String>()
        var token: CancellationToken? = property.observe { seen.append("token \($0.new!)") }
        var bag: CancellationBag? = CancellationBag()
        property.observe { seen.append("bag \($0.new!)") }.store(in: bag!)
        property.value = 1
        token = nil
        bag = nil
        property.value = 2
        #expect(seen.all == ["token 1", "bag 1"])
        #expect(token == nil)

        // A property released by a handler of its own round: the set telling the round holds it
        // until it returns, so the round goes on.
        var owner: ObservableProperty<Int>? = ObservableProperty(0)
        let kept = CancellationBag()
        weak let weakOwner = owner
        owner!.observe { _ in owner = nil }.store(in: kept)
        owner!.observe { seen.append("owner \($0.new!)") }.store(in: kept)
        weakOwner?.value = 1
        #expect(weakOwner == nil)
        #expect(seen.all == ["token 1", "bag 1", "owner 1"])

        // A property released before its queued round comes: the round is not told.
        var queued: ObservableProperty<Int>? = ObservableProperty(0)
        let other = ObservableProperty(0)
        queued!.observe { seen.append("queued \($0.new!)") }.store(in: kept)
        other.observe { _ in
            queued?.value = 5   // queued after this round
            queued = nil        // and gone before it comes
        }.store(in: kept)
        other.value = 1
        #expect(queued == nil)
        #expect(seen.all == ["token 1", "bag 1", "owner 1"])
    }

    @Test func aBagReleasedOnAnotherThread_cancelsTheTokensOthersHold_onTheMainActor() async {
        let property = ObservableProperty(0)
        let seen = Seen<Int>()
        let kept = property.observe { seen.append($0.new!) }
        let bag = Box(CancellationBag())
        kept.store(in: bag.value!)
        property.value = 1
        await Task.detached { bag.value = nil }.value   // the bag's last reference goes there
        // The cancellation was handed to the main actor, which runs it on its next turn.
        for _ in 0..<1_000 where !kept.isCancelled { await Task.yield() }
        #expect(kept.isCancelled)
        property.value = 2
        #expect(seen.all == [1])
    }

    // MARK: Derived values

    @Test func derived_readsTheNewValueAtOnce_andIsToldAfterTheRound() {
        let name = ObservableProperty("ab"), password = ObservableProperty("cd")
        let seen = Seen<String>()
        let bag = CancellationBag()
        // Made after an observer of its source, as a `lazy var` is: it is computed before any
        // observer is told, and so is a value derived from it.
        var enabled: Derived<Bool>!
        var label: Derived<String>!
        name.observe { _ in seen.append("name round: enabled reads \(enabled.value), label \(label.value)") }.store(in: bag)
        enabled = Derived(name, password) { $0.count > 2 && $1.count > 2 }
        label = enabled.map { $0 ? "on" : "off" }
        label.observe { seen.append("label told \($0.new!)") }.store(in: bag)
        enabled.observe { seen.append("enabled told \($0.new!)") }.store(in: bag)
        password.value = "cde"
        name.value = "abc"
        #expect(seen.all == [
            "enabled told false", "label told off",
            "name round: enabled reads true, label on", "enabled told true", "label told on",
        ])
    }

    // MARK: Values need not be Sendable

    @Test func aListOfContentThatIsNotSendable_isBoundAndMapped() {
        final class Row: TitledContent {   // a class that is not Sendable
            var title: String
            var subtitle = ""
            init(_ title: String) { self.title = title }
        }
        @MainActor final class Screen: BindingTarget {
            let bindings = CancellationBag()
            @Observed var items: [any TitledContent] = []
            var titles: [String] = []
            var count = ""
        }
        let screen = Screen()
        screen.bind(\.titles, to: screen.$items) { $0.map(\.title) }
        screen.bind(\.count, to: screen.$items.map { "\($0.count) rows" })
        screen.items = [Row("a"), Row("b")]
        #expect(screen.titles == ["a", "b"])
        #expect(screen.count == "2 rows")
    }

    // MARK: The doors

    @Test func valuesHandedOverByOneTask_areToldInOrder() async {
        let property = ObservableProperty(0)
        let seen = Seen<Int>()
        let token = property.observe { seen.append($0.new!) }
        await Task.detached {
            for value in 1...100 {
                await MainActor.run { property.value = value }
            }
        }.value
        #expect(seen.all == Array(1...100))
        token.cancel()
    }

    @Test func values_streamsTheCurrentValueThenEverySet_andFinishesWithTheProperty() async {
        var property: ObservableProperty<Int>? = ObservableProperty(0)
        let values = property!.values()
        let consumer = Task.detached {
            var received: [Int] = []
            for await value in values { received.append(value) }
            return received
        }
        for value in 1...5 { property!.value = value }
        property = nil
        #expect(await consumer.value == [0, 1, 2, 3, 4, 5])
    }

    @Test func values_bufferingNewest_keepsTheLatest() async {
        let property = ObservableProperty(0)
        let values = property.values(bufferingPolicy: .bufferingNewest(1))
        for value in 1...5 { property.value = value }   // nobody reads meanwhile
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == 5)
        property.value = 6
        #expect(await iterator.next() == 6)
    }

    @Test func values_observationEnds_whenTheConsumerStops() async {
        let property = ObservableProperty(0)
        do {
            let values = property.values()
            let consumer = Task.detached { for await _ in values { break } }
            await consumer.value
        }
        // The stream's end is handed to the main actor, which cancels on its next turn.
        for _ in 0..<1_000 where property.observerCount > 0 { await Task.yield() }
        #expect(property.observerCount == 0)
    }
}

/// A value moved between tasks in a test.
final class Box<Value>: @unchecked Sendable {
    var value: Value?
    init(_ value: Value) { self.value = value }
}
