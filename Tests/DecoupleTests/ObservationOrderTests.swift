@testable import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// The order promises of `ObservableProperty` (the DeliveryContract article): an observation takes its
// place in the order of rounds, so its `.initial` call is never made beside a round on another
// thread and no observer sees a value older than one it has seen; and `cancel()` waits for a
// call running on another thread, the initial call included. Run under ThreadSanitizer too.

/// What one observer saw, and whether its handler was ever entered while it was running.
private final class Recorder: Sendable {
    let values = Shared<[Int]>()
    let inside = Shared(0)
    let overlapped = Shared(false)

    func record(_ value: Int) {
        if inside.mutate({ $0 += 1; return $0 }) > 1 { overlapped.mutate { $0 = true } }
        values.append(value)
        inside.mutate { $0 -= 1 }
    }
}

@Suite struct ObservationOrderTests {
    @Test func observersAddedWhileAnotherThreadSets_seeTheirInitialValueInOrder_andEndAtTheStoredValue() async {
        for round in 0..<50 {
            let property = ObservableProperty(0)
            let recorders = (0..<200).map { _ in Recorder() }
            let tokens = Log<CancellationToken>()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for value in 1...200 { property.value = value }
                }
                for chunk in 0..<4 {
                    group.addTask {
                        for recorder in recorders[(chunk * 50)..<(chunk * 50 + 50)] {
                            tokens.append(property.observe(options: [.initial, .new]) { change in
                                recorder.record(change.new!)
                            })
                        }
                    }
                }
            }
            // Rounds handed to a worker may still be being delivered: wait for the last value.
            _ = await waitOnAThreadOfItsOwn {
                let deadline = Date(timeIntervalSinceNow: 30)
                return recorders.allSatisfy { $0.values.wait(until: { $0.last == 200 }, deadline: deadline) }
            }
            for (index, recorder) in recorders.enumerated() {
                let values = recorder.values.all
                #expect(!recorder.overlapped.value, "round \(round), observer \(index): entered twice at once")
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "round \(round), observer \(index): \(values)")
                #expect(values.last == 200, "round \(round), observer \(index) ended on \(values.last ?? -1)")
                #expect(values.first.map { $0 >= 0 } == true)
            }
            withExtendedLifetime(tokens) {}
        }
    }

    @Test func anObservationMadeWhileARoundIsDelivered_joinsAfterIt_withTheValueToldLast() {
        // A round of 1 is held inside a handler on another thread; an observation made now gets
        // its initial call after that round, with 1, and then 2. It was asked for by another
        // thread than the delivering one, so a Dispatch worker makes it.
        let property = ObservableProperty(0)
        let inRound = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let holder = property.observe { change in
            if change.new == 1 {
                inRound.signal()
                _ = resume.wait(timeout: .now() + 10)
            }
        }
        Thread { property.value = 1; property.value = 2; done.signal() }.start()
        #expect(inRound.wait(timeout: .now() + 10) == .success)
        let seen = Shared<[String]>()
        let token = property.observe(options: [.initial, .new]) { change in
            seen.append("\(change.isInitial ? "initial" : "new") \(change.new!)")
        }
        #expect(seen.all == [], "the initial call waits for the round being delivered")
        #expect(property.observerCount == 2)
        resume.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        // Woken by each call the new observer gets, not polled.
        seen.wait(until: { $0.count >= 2 })
        #expect(seen.all == ["initial 1", "new 2"])
        withExtendedLifetime((holder, token)) {}
    }

    @Test func cancellingWhileTheInitialCallRunsOnAnotherThread_returnsAfterIt() {
        for _ in 0..<10 {
            // A round of 1 is held on another thread; the observation made meanwhile gets its
            // initial call there, after the round, and that call waits; `cancel()` here must not
            // return before it does.
            let property = ObservableProperty(0)
            let inRound = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0)
            let entered = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
            let delivered = DispatchSemaphore(value: 0), cancelled = DispatchSemaphore(value: 0)
            let order = Log<String>()
            let holder = property.observe { change in
                if change.new == 1 {
                    inRound.signal()
                    _ = resume.wait(timeout: .now() + 10)
                }
            }
            Thread { property.value = 1; delivered.signal() }.start()
            #expect(inRound.wait(timeout: .now() + 10) == .success)
            let token = property.observe(options: [.initial, .new]) { change in
                guard change.isInitial else { return }
                entered.signal()
                _ = proceed.wait(timeout: .now() + 10)
                order.append("handler returned")
            }
            resume.signal()
            #expect(entered.wait(timeout: .now() + 10) == .success, "the initial call is made after the round")
            Thread {
                // The handler is let go only once `cancel()` says it waits for it.
                DeliveryProbe.install { point in if point == .waitingForHandler { proceed.signal() } }
                token.cancel()
                order.append("cancel returned")
                cancelled.signal()
            }.start()
            #expect(cancelled.wait(timeout: .now() + 10) == .success)
            #expect(delivered.wait(timeout: .now() + 10) == .success)
            #expect(order.all == ["handler returned", "cancel returned"])
            withExtendedLifetime(holder) {}
        }
    }

    @Test func aValueSetDuringTheInitialCall_isToldAfterIt_andCancelWaitsForThatRound() {
        for _ in 0..<10 {
            // Thread B observes with `.initial`, and its initial call waits; meanwhile thread A
            // sets 1. The round of 1 must not run beside the initial call (it runs after it, handed
            // on by B), and `cancel()` on a third thread must wait for that round's handler.
            let property = ObservableProperty(0)
            let initialEntered = DispatchSemaphore(value: 0), initialGo = DispatchSemaphore(value: 0)
            let roundEntered = DispatchSemaphore(value: 0), roundGo = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            let order = Log<String>()
            let token = Shared<CancellationToken?>(nil)
            let inside = Shared(0), overlapped = Shared(false)
            Thread {
                let made = property.observe(options: [.initial, .new]) { change in
                    if inside.mutate({ $0 += 1; return $0 }) > 1 { overlapped.mutate { $0 = true } }
                    if change.isInitial {
                        initialEntered.signal()
                        _ = initialGo.wait(timeout: .now() + 10)
                    } else {
                        roundEntered.signal()
                        _ = roundGo.wait(timeout: .now() + 10)
                        order.append("round handler returned")
                    }
                    inside.mutate { $0 -= 1 }
                }
                token.mutate { $0 = made }
                finished.signal()
            }.start()
            #expect(initialEntered.wait(timeout: .now() + 10) == .success)
            // Thread A sets 1 while the initial call waits; the call is let go once A's set has
            // given the lock back (queued behind the initial call).
            Thread {
                DeliveryProbe.install { point in if point == .unlocked { initialGo.signal() } }
                property.value = 1
                DeliveryProbe.remove()
                finished.signal()
            }.start()
            #expect(roundEntered.wait(timeout: .now() + 10) == .success)
            Thread {
                // The token exists once B's `observe` returned, which the round does not wait for.
                token.wait(until: { $0 != nil })
                // The round's handler is let go only once `cancel()` says it waits for it.
                DeliveryProbe.install { point in if point == .waitingForHandler { roundGo.signal() } }
                token.value?.cancel()
                order.append("cancel returned")
                finished.signal()
            }.start()
            for _ in 0..<3 { #expect(finished.wait(timeout: .now() + 20) == .success) }
            #expect(!overlapped.value, "the handler was entered twice at once")
            #expect(order.all == ["round handler returned", "cancel returned"])
        }
    }
}
