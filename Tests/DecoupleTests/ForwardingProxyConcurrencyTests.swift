import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// What the proxy's look-up without a lock relies on: a reader never sees a freed object while a
// writer replaces it, a replaced object is released when nobody reads it any more (at once when
// nobody did), and user code a look-up runs (getters, deinits) may itself use the proxy.
// Run under ThreadSanitizer and AddressSanitizer too (see the README's Threads notes).

/// Counts its instances alive, and refuses to be read once gone (`alive` is checked by a read).
private final class Counted: TitledContent, @unchecked Sendable {
    static let alive = Shared(0)
    let title: String
    private var isAlive = true
    var subtitle: String { isAlive ? "alive" : "freed" }

    init(title: String) {
        self.title = title
        Self.alive.increment()
    }

    deinit {
        isAlive = false
        Self.alive.mutate { $0 -= 1 }
    }
}

private struct Tag: NamedImageContent {
    var name: String
    var image: ImageName
}

/// A getter that waits, mid-read, until the test lets it go on.
private final class SlowReader: TitledContent, @unchecked Sendable {
    let entered: DispatchSemaphore
    let proceed: DispatchSemaphore
    let deinitRan: Shared<Bool>
    var title: String {
        entered.signal()
        proceed.wait()
        return "slow"
    }
    var subtitle: String { "" }

    init(entered: DispatchSemaphore, proceed: DispatchSemaphore, deinitRan: Shared<Bool>) {
        self.entered = entered
        self.proceed = proceed
        self.deinitRan = deinitRan
    }
    deinit { deinitRan.mutate { $0 = true } }
}

/// A getter that uses the proxy it is read through: reads it and replaces itself.
private final class ReentrantReader: TitledContent, @unchecked Sendable {
    let proxy: ForwardingProxy
    let deinitRan: Shared<Bool>
    var title: String {
        let name = proxy.value(forMember: "name") as? String ?? "-"
        proxy.inject(Counted(title: "replacement"), as: TitledContent.self)
        return "reentrant " + name
    }
    var subtitle: String { "" }

    init(proxy: ForwardingProxy, deinitRan: Shared<Bool>) {
        self.proxy = proxy
        self.deinitRan = deinitRan
    }
    deinit { deinitRan.mutate { $0 = true } }
}

@Suite(.serialized) struct ForwardingProxyConcurrencyTests {
    @Test func readsRacingReplacementAndRemoval_seeWholeLiveObjects_andEveryObjectIsReleased() {
        let before = Counted.alive.value
        let failures = Log<String>()
        let reads = Shared(0)
        do {
            let proxy = ForwardingProxy()
            let keeper = Counted(title: "weak-kept")   // alive for the whole run, injected weakly
            DispatchQueue.concurrentPerform(iterations: 6) { thread in
                for round in 0..<2_000 {
                    switch thread {
                    case 0:
                        proxy.inject(Counted(title: "strong \(round)"), as: TitledContent.self)
                        if round.isMultiple(of: 7) { proxy.remove(TitledContent.self) }
                    case 1:
                        proxy.inject(Tag(name: "tag \(round)", image: "i"), as: NamedImageContent.self)
                        if round.isMultiple(of: 5) { try? proxy.inject(weak: keeper, as: TitledContent.self) }
                        if round.isMultiple(of: 11) { proxy.remove(NamedImageContent.self) }
                    default:
                        // Typed and by name, both protocols: nil, or a whole value a writer injected.
                        var seen = 0
                        if let title = proxy.forward(\TitledContent.title) {
                            seen += 1
                            if !(title.hasPrefix("strong ") || title == "weak-kept") { failures.append("title \(title)") }
                        }
                        if let subtitle = proxy.forward(\TitledContent.subtitle), subtitle != "alive" {
                            failures.append("subtitle \(subtitle)")
                        }
                        if let value = proxy.value(forMember: "title") {
                            seen += 1
                            if let title = value as? String, title.hasPrefix("strong ") || title == "weak-kept" {} else {
                                failures.append("by name \(value)")
                            }
                        }
                        if let name = proxy.value(forMember: "name") {
                            seen += 1
                            if !((name as? String)?.hasPrefix("tag ") ?? false) { failures.append("name \(name)") }
                        }
                        if let object = proxy.object(for: TitledContent.self), object.subtitle != "alive" {
                            failures.append("object \(object.title)")
                        }
                        _ = proxy.injectedProtocols
                        reads.mutate { $0 += seen }
                    }
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
            #expect(reads.value > 0)
            // The last strong object (or the weakly injected one) and the keeper are alive.
            #expect(Counted.alive.value - before <= 2)
            proxy.remove(TitledContent.self)
            #expect(Counted.alive.value - before == 1)   // the keeper
            withExtendedLifetime(keeper) {}
        }
        #expect(Counted.alive.value == before, "every injected object is released")
    }

    @Test func replacedAndRemovedObjects_areReleasedWhenInjectOrRemoveReturns() {
        let before = Counted.alive.value
        let proxy = ForwardingProxy()
        proxy.inject(Counted(title: "one"), as: TitledContent.self)
        #expect(proxy.title == "one")
        proxy.inject(Counted(title: "two"), as: TitledContent.self)
        #expect(Counted.alive.value == before + 1)
        proxy.remove(TitledContent.self)
        #expect(Counted.alive.value == before)
        // Removing what is not there, and a proxy going away with an object inside.
        proxy.remove(TitledContent.self)
        do {
            let other = ForwardingProxy()
            other.inject(Counted(title: "three"), as: TitledContent.self)
            #expect(Counted.alive.value == before + 1)
        }
        #expect(Counted.alive.value == before)
    }

    @Test func anObjectReplacedMidRead_isReleasedWhenTheReadEnds_notBefore() {
        let deinitRan = Shared(false)
        let entered = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let proxy = ForwardingProxy()
        proxy.inject(SlowReader(entered: entered, proceed: proceed, deinitRan: deinitRan), as: TitledContent.self)
        let title = Shared<String?>(nil)
        Thread.detachNewThread {
            title.mutate { $0 = proxy.forward(\TitledContent.title) }
            done.signal()
        }
        entered.wait()
        // The reader is inside the old object's getter: replacing it neither waits for the read
        // nor frees the object under it; the proxy no longer holds it, only the read does.
        proxy.inject(Counted(title: "new"), as: TitledContent.self)
        #expect(proxy.title == "new")
        #expect(!deinitRan.value)
        proceed.signal()
        done.wait()
        #expect(title.value == "slow")
        // The read let go of the old snapshot, and with it the last reference.
        #expect(deinitRan.value)
        #expect(proxy.title == "new")
    }

    @Test func aGetterMayReadAndReplaceThroughTheProxyItIsReadThrough() {
        let before = Counted.alive.value
        let deinitRan = Shared(false)
        let proxy = ForwardingProxy()
        proxy.inject(Tag(name: "n", image: "i"), as: NamedImageContent.self)
        proxy.inject(ReentrantReader(proxy: proxy, deinitRan: deinitRan), as: TitledContent.self)
        // Took no lock a nested look-up or injection needs (either would deadlock), and the
        // getter's own object, replaced while it ran, is released once the read is over.
        #expect(proxy.forward(\TitledContent.title) == "reentrant n")
        #expect(deinitRan.value)
        #expect(proxy.title == "replacement")
        proxy.remove(TitledContent.self)
        #expect(Counted.alive.value == before)
    }

    @Test func aWeaklyInjectedObject_readsAsAbsentOnceGone_whileOthersAreRead() throws {
        let proxy = ForwardingProxy()
        var object: Counted? = Counted(title: "weak")
        try proxy.inject(weak: object!, as: TitledContent.self)
        proxy.inject(Tag(name: "n", image: "i"), as: NamedImageContent.self)
        #expect(proxy.forward(\TitledContent.title) == "weak")
        #expect(proxy.value(forMember: "title") as? String == "weak")
        object = nil
        #expect(proxy.forward(\TitledContent.title) == nil)
        #expect(proxy.value(forMember: "title") == nil)
        #expect(proxy.object(for: TitledContent.self) == nil)
        #expect(proxy.injectedProtocols == ["NamedImageContent"])
        #expect(proxy.value(forMember: "name") as? String == "n")
    }
}
