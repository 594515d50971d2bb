@testable import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// The invariant of the core's one use of unmanaged references (`ThreadContext`): each thread
// has its own delivery context, the same one every time it asks, released when the thread exits.

@Suite struct ThreadContextTests {
    @Test func eachThreadHasItsOwnContext_theSameEveryTime() {
        let seen = Log<ObjectIdentifier>()
        let contexts = Log<DeliveryContext>()   // kept, so that no address is reused meanwhile
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            Thread {
                let first = DeliveryContext.current
                #expect(DeliveryContext.current === first)
                seen.append(ObjectIdentifier(first))
                contexts.append(first)
                done.signal()
            }.start()
        }
        for _ in 0..<4 { done.wait() }
        #expect(Set(seen.all).count == 4)
        #expect(!seen.all.contains(ObjectIdentifier(DeliveryContext.current)))
    }

    @Test func aThreadsContext_isReleasedWhenTheThreadExits() {
        final class WeakBox: @unchecked Sendable { weak var context: DeliveryContext? }
        // Held by the context alone: its deinit says the context is being released.
        final class Marker: Sendable {
            let released: DispatchSemaphore
            init(_ released: DispatchSemaphore) { self.released = released }
            deinit { released.signal() }
        }
        let box = WeakBox()
        let released = DispatchSemaphore(value: 0)
        Thread {
            let context = DeliveryContext.current
            let marker = Marker(released)
            context.probe = { _ in _ = marker }
            box.context = context
        }.start()
        // The thread exits after its closure returns; its context goes with it, and the marker
        // with the context. (Bounded, so that a context that is never released fails the test.)
        #expect(released.wait(timeout: .now() + 60) == .success, "the context outlived its thread")
        #expect(box.context == nil, "the context outlived its thread")
    }
}
