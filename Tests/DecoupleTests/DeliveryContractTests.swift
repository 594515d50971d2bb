import DecoupleTestSupport
import Dispatch
import Foundation
import Testing

@testable import Decouple

/// The delivery contract (the `DeliveryContract` article), one test a sentence. Threads are
/// ordered with semaphores whose timeouts are checked, never with sleeps: a wait that times out
/// is the failure of the promise it guards.
@Suite struct DeliveryContractTests {
    /// An observer object for main-actor observations.
    @MainActor final class Screen {
        var shown: [Int] = []
        var text = ""
    }

    /// Lets the main actor run what was queued to it: `turns` turns, or, with `until`, until it
    /// holds or 30 seconds have passed (other tests share the main actor).
    @MainActor
    static func drainMainActor(turns: Int = 200, until done: (@MainActor () -> Bool)? = nil) async {
        guard let done else {
            for _ in 0..<turns { await Task.yield() }
            return
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while !done(), ContinuousClock.now < deadline { await Task.yield() }
    }

    /// Sets `value` on another thread and holds that thread inside an observer's call for which
    /// `holds` is true, until `resume` is signalled; returns once the call has begun.
    static func holdRound(
        of property: ObservableProperty<Int>, setting value: Int, options: ObservationOptions = [.new],
        when holds: @escaping @Sendable (ObservedChange<Int>) -> Bool
    ) -> (token: CancellationToken, resume: DispatchSemaphore, setterDone: DispatchSemaphore) {
        let inRound = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0)
        let setterDone = DispatchSemaphore(value: 0)
        let token = property.observe(options: options) { change in
            guard holds(change) else { return }
            inRound.signal()
            _ = resume.wait(timeout: .now() + 10)
        }
        Thread { property.value = value; setterDone.signal() }.start()
        #expect(inRound.wait(timeout: .now() + 10) == .success)
        return (token, resume, setterDone)
    }

    // MARK: Derived

    @Test func derived_aSourceChangedWhileTheFirstValueIsComputed_isRecomputed() {
        // The source changes between the first read and the start of observing: the first
        // computation itself changes it (on its first call only).
        let source = ObservableProperty(1)
        let calls = Shared(0)
        let derived = Derived(source) { value -> Int in
            if calls.mutate({ $0 += 1; return $0 }) == 1 { source.value = 2 }
            return value * 10
        }
        #expect(source.value == 2)
        #expect(derived.value == 20)
    }

    // MARK: Cancel

    @Test func twoHandlersCancellingEachOther_onTwoThreads_bothReturn() {
        // P's handler runs on thread X and Q's on thread Y, both at once; each cancels the
        // other's token. A cancel made from inside a handler does not wait, so neither waits
        // for the other.
        let p = ObservableProperty(0), q = ObservableProperty(0)
        let pIn = DispatchSemaphore(value: 0), qIn = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let tokens = Shared<[CancellationToken]>([])
        let pToken = p.observe { _ in
            pIn.signal()
            guard qIn.wait(timeout: .now() + 10) == .success else { return }
            tokens.value[1].cancel()
        }
        let qToken = q.observe { _ in
            qIn.signal()
            guard pIn.wait(timeout: .now() + 10) == .success else { return }
            tokens.value[0].cancel()
        }
        tokens.mutate { $0 = [pToken, qToken] }
        Thread { p.value = 1; finished.signal() }.start()
        Thread { q.value = 1; finished.signal() }.start()
        #expect(finished.wait(timeout: .now() + 10) == .success, "a handler's cancel waited for the other handler")
        #expect(finished.wait(timeout: .now() + 10) == .success, "a handler's cancel waited for the other handler")
        #expect(pToken.isCancelled && qToken.isCancelled)
    }

    @Test func cancelFromAnotherThread_waitsForTheRunningHandler_andTheHandlerIsNotEnteredAgain() {
        // The cancelling thread announces, through the probe, that it is waiting for the
        // handler: only then does the handler return. The order is checked, not timed.
        let property = ObservableProperty(0)
        let entered = DispatchSemaphore(value: 0), cancelWaits = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0), setterDone = DispatchSemaphore(value: 0)
        let order = Log<String>()
        let calls = Shared(0)
        let token = property.observe { change in
            calls.increment()
            guard change.new == 1 else { return }
            entered.signal()
            #expect(cancelWaits.wait(timeout: .now() + 10) == .success)
            order.append("handler returned")
        }
        Thread { property.value = 1; setterDone.signal() }.start()
        #expect(entered.wait(timeout: .now() + 10) == .success)
        Thread {
            DeliveryProbe.install { point in if point == .waitingForHandler { cancelWaits.signal() } }
            token.cancel()
            order.append("cancel returned")
            cancelled.signal()
        }.start()
        #expect(cancelled.wait(timeout: .now() + 10) == .success)
        #expect(setterDone.wait(timeout: .now() + 10) == .success)
        #expect(order.all == ["handler returned", "cancel returned"])
        property.value = 2
        #expect(calls.value == 1)
    }

    // MARK: Bounded calls

    @Test func observeWithInitial_whileAnotherThreadKeepsSetting_returns() {
        // The observing call starts delivering (its initial call); only then does thread S start
        // setting, without pause, until `observe` has returned or it has set `cap` values. The
        // initial call returns once S has set a value, so rounds keep arriving behind the one
        // being delivered, far faster than they are delivered. The call delivers what was
        // waiting when it began and hands the rest on: it returns while S is still setting.
        // (Before, it delivered every round S set, and returned only after S stopped.)
        let cap = 100_000
        let property = ObservableProperty(0)
        let observeReturned = Shared(false)
        let initialEntered = DispatchSemaphore(value: 0), setterDone = DispatchSemaphore(value: 0)
        let observed = DispatchSemaphore(value: 0)
        let setCount = Shared(0)
        let slow = property.observe { _ in
            var spin = 0
            for index in 0..<10_000 { spin &+= index }
            _ = spin
        }
        Thread {
            guard initialEntered.wait(timeout: .now() + 10) == .success else { setterDone.signal(); return }
            var next = 1
            while !observeReturned.value, next <= cap {
                property.value = next
                next += 1
                // A mutex is not fair: a thread that takes it again at once can starve the
                // others for as long as it runs, which is the scheduler's bound, not ours.
                _ = sched_yield()
            }
            setCount.mutate { $0 = next - 1 }
            setterDone.signal()
        }.start()
        let last = Shared(-1)
        let holder = Shared<CancellationToken?>(nil)
        let countWhenReturned = Shared(-1)
        Thread {
            let token = property.observe(options: [.initial, .new]) { change in
                if change.isInitial {
                    initialEntered.signal()
                    var polls = 0
                    while property.value == 0, polls < 10_000_000 {
                        _ = sched_yield()
                        polls += 1
                    }
                }
                last.mutate { $0 = change.new ?? -1 }
            }
            observeReturned.mutate { $0 = true }
            holder.mutate { $0 = token }
            observed.signal()
        }.start()
        #expect(observed.wait(timeout: .now() + 60) == .success)
        #expect(setterDone.wait(timeout: .now() + 60) == .success)
        countWhenReturned.mutate { $0 = setCount.value }
        #expect(countWhenReturned.value < cap, "observe(options: [.initial, .new]) returned only after the other thread stopped setting")
        // Every value still reaches the observer in the end: it ends on the stored value.
        let final = property.value
        #expect(last.wait(until: { $0 == final }, deadline: Date(timeIntervalSinceNow: 60)))
        #expect(last.value == final)
        withExtendedLifetime((slow, holder)) {}
    }

    // MARK: End

    @Test func aValueHandedOff_reachesTheObservers_whileEveryThreadOfTheGlobalQueueWaitsForIt() {
        // Thread D delivers 1 and is held inside the handler; 2 is set meanwhile on another
        // thread, so D hands it off. Before D is let go, `DispatchQueue.global()`, whose threads
        // Swift tasks share, is given more calls than it has threads, each spinning until the
        // observer is told 2 (or giving up after 20 seconds). The hand-off must not wait behind
        // them. (Before, it was queued on the global queue, after those calls: 2 arrived only
        // once the running ones gave up.)
        let property = ObservableProperty(0)
        let inRound = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0)
        let told = DispatchSemaphore(value: 0)
        let seen = Shared(0)
        let token = property.observe { change in
            seen.mutate { $0 = change.new! }
            if change.new == 1 {
                inRound.signal()
                _ = resume.wait(timeout: .now() + 10)
            }
            if change.new == 2 { told.signal() }
        }
        let points = Log<DeliveryProbe.Point>()
        Thread {
            DeliveryProbe.install { point in if point == .handingOff { points.append(point) } }
            property.value = 1
            DeliveryProbe.remove()
        }.start()
        #expect(inRound.wait(timeout: .now() + 10) == .success)
        property.value = 2   // queued behind the round D delivers: D hands it off
        // The global queue runs as many calls at once as it has threads (about one a core); the
        // rest wait in its queue, in order, as would the hand-off queued after them.
        let spinning = DispatchGroup()
        let gaveUp = Shared(0)
        let giveUpAt = DispatchTime.now() + 20
        for _ in 0..<64 {
            spinning.enter()
            DispatchQueue.global().async {
                while seen.value != 2 {
                    guard DispatchTime.now() < giveUpAt else {
                        gaveUp.increment()
                        break
                    }
                    _ = sched_yield()
                }
                spinning.leave()
            }
        }
        resume.signal()
        #expect(told.wait(timeout: .now() + 60) == .success)
        #expect(spinning.wait(timeout: .now() + 60) == .success)
        #expect(points.all == [.handingOff], "the round of 2 was not handed off")
        #expect(gaveUp.value == 0, "the value handed off waited for the global queue: \(gaveUp.value) calls spinning for it gave up first")
        withExtendedLifetime(token) {}
    }

    // MARK: Main-actor observers

    @MainActor @Test func mainActorObserve_showsTheCurrentValueAtOnce_whileAnotherThreadDelivers() async {
        let property = ObservableProperty(0)
        let (blocker, resume, setterDone) = Self.holdRound(of: property, setting: 5) { $0.new == 5 }
        let screen = Screen()
        let token = property.observe(screen, options: [.initial, .new]) { screen, change in
            screen.shown.append(change.new ?? -1)
        }
        #expect(screen.shown == [5], "the initial call did not show the value stored")
        resume.signal()
        #expect(setterDone.wait(timeout: .now() + 10) == .success)
        await Self.drainMainActor()
        #expect(screen.shown.last == 5)
        #expect(screen.shown.allSatisfy { $0 == 5 }, "an older value was shown after a newer one: \(screen.shown)")
        withExtendedLifetime((blocker, token)) {}
    }

    @MainActor @Test func twoEquatableValuesBoundBothWays_eachSetOnAnotherThread_settleOnOneValue() async {
        let a = ObservableProperty(0), b = ObservableProperty(0)
        let screen = Screen()
        var writes = 0
        let toB = a.observe(screen) { _, change in
            writes += 1
            b.value = change.new!
        }
        let toA = b.observe(screen) { _, change in
            writes += 1
            a.value = change.new!
        }
        // Both set before the main actor runs either delivery (it waits here).
        let done = DispatchSemaphore(value: 0)
        Thread { a.value = 1; done.signal() }.start()
        Thread { b.value = 2; done.signal() }.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(done.wait(timeout: .now() + 10) == .success)
        await Self.drainMainActor(turns: 1_000)
        let settled = writes
        await Self.drainMainActor(turns: 100)
        toA.cancel()
        toB.cancel()
        #expect(a.value == b.value)
        #expect(writes == settled, "the values were still passed back and forth")
        #expect(writes <= 4, "\(writes) writes")
    }

    @MainActor @Test func mainActorObserver_cancelledFromAnotherThread_waitsForItsRunningHandler() async {
        // The handler runs on the main actor and waits until the cancelling thread reports,
        // through the probe, that cancel() is waiting for it; only then does it return. Before,
        // cancel() returned at once for main-actor observers, and the handler saw it return.
        let property = ObservableProperty(0)
        let screen = Screen()
        let cancelWaits = DispatchSemaphore(value: 0)
        let cancelStarted = DispatchSemaphore(value: 0)
        let order = Log<String>()
        let holder = Shared<CancellationToken?>(nil)
        let token = property.observe(screen) { _, change in
            guard change.new == 1 else { return }
            cancelStarted.signal()
            // Either cancel() reports that it waits (the promise), or it returns (the defect).
            let waits = cancelWaits.wait(timeout: .now() + 30)
            #expect(waits == .success, "cancel() returned or never waited while the handler ran")
            order.append("handler returned")
        }
        holder.mutate { $0 = token }
        Thread {
            #expect(cancelStarted.wait(timeout: .now() + 30) == .success)
            DeliveryProbe.install { point in if point == .waitingForHandler { cancelWaits.signal() } }
            holder.value?.cancel()
            order.append("cancel returned")
            cancelWaits.signal()   // the defect: cancel returned while the handler still waits
        }.start()
        // Set on a thread of its own: the cooperative pool may be held by other tests.
        Thread { property.value = 1 }.start()
        await Self.drainMainActor(until: { !order.all.isEmpty })
        let deadline = ContinuousClock.now + .seconds(30)
        while order.all.count < 2, ContinuousClock.now < deadline { await Task.yield() }
        #expect(order.all == ["handler returned", "cancel returned"])
    }

    @MainActor @Test func mainActorObserve_madeWhileAPriorRoundRuns_endsOnTheValueStored() async {
        // A plain observer with `.prior` holds the round of 1 in its prior call, before 1 is
        // stored; a binding made meanwhile must not stay on 0 once 1 is stored.
        let property = ObservableProperty(0)
        let (holder, resume, setterDone) = Self.holdRound(of: property, setting: 1, options: [.prior, .new]) { $0.isPrior }
        let screen = Screen()
        let token = property.observe(screen, options: [.initial, .new]) { screen, change in
            screen.shown.append(change.new ?? -1)
        }
        resume.signal()
        #expect(setterDone.wait(timeout: .now() + 10) == .success)
        await Self.drainMainActor(until: { screen.shown.last == 1 })
        #expect(property.value == 1)
        #expect(screen.shown.last == 1, "the binding stayed on \(screen.shown)")
        withExtendedLifetime((holder, token)) {}
    }

    @MainActor @Test func priorCall_toAMainActorObserver_forAValueSetOnAnotherThread_seesTheOldValue() async {
        let property = ObservableProperty("old")
        let screen = Screen()
        var seenInPrior: [String] = []
        var news: [String] = []
        let token = property.observe(screen, options: [.prior, .new]) { _, change in
            if change.isPrior { seenInPrior.append(property.value) } else { news.append(change.new!) }
        }
        await Task.detached { property.value = "new" }.value
        await Self.drainMainActor(until: { !news.isEmpty })
        #expect(seenInPrior == ["old"])
        #expect(news == ["new"])
        withExtendedLifetime(token) {}
    }
}
