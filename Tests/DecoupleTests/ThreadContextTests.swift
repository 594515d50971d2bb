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
        let box = WeakBox()
        let started = DispatchSemaphore(value: 0)
        Thread {
            box.context = DeliveryContext.current
            started.signal()
        }.start()
        started.wait()
        // The thread exits after its closure returns; its context goes with it.
        var polls = 0
        while box.context != nil, polls < 5_000 {
            usleep(1_000)
            polls += 1
        }
        #expect(box.context == nil, "the context outlived its thread")
    }
}
