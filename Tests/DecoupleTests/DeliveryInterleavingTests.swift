import DecoupleTestSupport
import Dispatch
import Foundation
import Testing

@testable import Decouple

/// Seeded schedules of the delivery protocol: threads that set values, observe (with and without
/// `.initial`) and cancel at once, each with a probe that yields a seed-chosen number of times at
/// every boundary the core reports (a lock given back, a hand-off, a `cancel()` about to wait).
/// Each run is checked against the contract (the `DeliveryContract` article):
/// - observers that were there from the start are told the same values in the same order;
/// - an observer that joined later is told the initial value and then a suffix of that order;
/// - a handler is never entered twice at once, nor after `cancel()` returned;
/// - once the threads are done and the deliveries in flight have finished, every observer still
///   on ends on the stored value.
///
/// `DECOUPLE_INTERLEAVING_SEEDS` sets the number of seeded runs (40 by default; CI asks for more).
@Suite struct DeliveryInterleavingTests {
    /// What one observer saw.
    final class Recorder: Sendable {
        /// Waited on: the end is a change of it, not a poll.
        let values = Shared<[Int]>()
        let inside = Shared(0)
        let overlapped = Shared(false)
        let cancelReturned = Shared(false)
        let calledAfterCancel = Shared(false)

        func record(_ value: Int) {
            if inside.mutate({ $0 += 1; return $0 }) > 1 { overlapped.mutate { $0 = true } }
            if cancelReturned.value { calledAfterCancel.mutate { $0 = true } }
            values.append(value)
            inside.mutate { $0 -= 1 }
        }
    }

    static var seeds: Int {
        TestEnvironment.integer("DECOUPLE_INTERLEAVING_SEEDS", default: 40)
    }

    @Test func seededSchedules_keepTheContract() {
        print("delivery interleavings: \(Self.seeds) seeded runs")
        for seed in 0..<UInt64(Self.seeds) {
            if let problem = Self.run(seed: seed) {
                Issue.record("seed \(seed): \(problem)")
                return
            }
        }
    }

    /// Installs a probe on this thread that yields a seed-chosen number of times at each point.
    static func installYields(seed: UInt64) {
        let random = Shared(SplitMix64(seed: seed))
        DeliveryProbe.install { _ in
            let yields = random.mutate { $0.int(0...3) }
            for _ in 0..<yields { _ = sched_yield() }
        }
    }

    static func run(seed: UInt64) -> String? {
        var random = SplitMix64(seed: seed)
        let property = ObservableProperty(0)
        let setters = random.int(1...3)
        let perSetter = random.int(5...40)
        // Observers from the start: their sequences are the order itself.
        let founders = (0..<random.int(1...3)).map { _ in Recorder() }
        let founderTokens = founders.map { recorder in property.observe { recorder.record($0.new!) } }
        // Observers that join while the values are set, with `.initial`, some cancelled again.
        let joiners = (0..<random.int(1...4)).map { _ in Recorder() }
        let cancels = joiners.map { _ in random.chance(0.4) }
        let joinerTokens = Shared<[CancellationToken?]>(Array(repeating: nil, count: joiners.count))
        let group = DispatchGroup()
        for setter in 0..<setters {
            let threadSeed = random.next()
            group.enter()
            Thread {
                installYields(seed: threadSeed)
                for step in 1...perSetter { property.value = setter * 1_000 + step }
                DeliveryProbe.remove()
                group.leave()
            }.start()
        }
        for (index, recorder) in joiners.enumerated() {
            let threadSeed = random.next()
            let cancelsAgain = cancels[index]
            group.enter()
            Thread {
                installYields(seed: threadSeed)
                let token = property.observe(options: [.initial, .new]) { recorder.record($0.new!) }
                if cancelsAgain {
                    token.cancel()
                    recorder.cancelReturned.mutate { $0 = true }
                }
                joinerTokens.mutate { $0[index] = token }
                DeliveryProbe.remove()
                group.leave()
            }.start()
        }
        guard group.wait(timeout: .now() + 60) == .success else { return "a thread did not finish: a hang" }
        // Deliveries handed to a worker may still run: wait for every observer still on (a round
        // tells the founders first) to reach the end, woken by each value it is told.
        let final = property.value
        let stillOn = founders + joiners.indices.filter { !cancels[$0] }.map { joiners[$0] }
        let deadline = Date(timeIntervalSinceNow: 30)
        for recorder in stillOn { recorder.values.wait(until: { $0.last == final }, deadline: deadline) }

        let order = founders[0].values.all
        for (index, founder) in founders.enumerated() {
            guard founder.values.all == order else { return "founder \(index) saw \(founder.values.all), founder 0 saw \(order)" }
            guard !founder.overlapped.value else { return "founder \(index) was entered twice at once" }
        }
        guard order.last == final else { return "the founders ended on \(order.last ?? -1), the value is \(final)" }
        // Each setter's values in the order it set them.
        for setter in 0..<setters {
            let own = order.filter { $0 / 1_000 == setter && $0 != 0 }
            guard own == Array(1...perSetter).map({ setter * 1_000 + $0 }) else { return "setter \(setter)'s values arrived as \(own)" }
        }
        for (index, joiner) in joiners.enumerated() {
            let seen = joiner.values.all
            guard !joiner.overlapped.value else { return "joiner \(index) was entered twice at once" }
            guard !joiner.calledAfterCancel.value else { return "joiner \(index) was called after cancel() returned" }
            guard let first = seen.first else {
                if cancels[index] { continue }
                return "joiner \(index) had no initial call"
            }
            // The initial value, then what followed it in the order.
            let start = first == 0 ? 0 : (order.firstIndex(of: first).map { $0 + 1 } ?? -1)
            guard start >= 0 else { return "joiner \(index) started on \(first), which the founders never saw" }
            let rest = Array(seen.dropFirst())
            let expected = Array(order[start...].prefix(rest.count))
            guard rest == expected else { return "joiner \(index) saw \(seen) after the order \(order)" }
            if !cancels[index], seen.last != final { return "joiner \(index) ended on \(seen.last ?? -1), not \(final)" }
        }
        withExtendedLifetime((founderTokens, joinerTokens)) {}
        return nil
    }
}
