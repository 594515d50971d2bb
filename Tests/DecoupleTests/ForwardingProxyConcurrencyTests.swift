import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// What the proxy promises across threads: for a `Sendable` protocol, a reader never sees a freed
// or half-replaced object while writers replace it, a replaced object is released when `inject`
// or `remove` returns (or, while a read is inside it, when that read ends), and user code a
// look-up runs (getters, deinits) may itself use the proxy: nothing runs under its lock.
// Run under ThreadSanitizer and AddressSanitizer too (see .ci/run).

/// Content that may be read from any thread: what the proxy reads off the main actor.
private protocol LineContent: Sendable {
    var line: String { get }
    var state: String { get }
}

private protocol TagContent: Sendable {
    var tag: String { get }
}

extension MemberTable where Root == any LineContent {
    fileprivate static let lineContent = MemberTable(readers: ["line": { $0.line }, "state": { $0.state }])
}

extension MemberTable where Root == any TagContent {
    fileprivate static let tagContent = MemberTable(readers: ["tag": { $0.tag }])
}

/// Counts its instances alive, and reads as "freed" once gone (`state` is checked by a read).
private final class Counted: LineContent, @unchecked Sendable {
    // Unchecked: `isAlive` changes only in `deinit`, when nothing else may reach the object.
    static let alive = Shared(0)
    let line: String
    private var isAlive = true
    var state: String { isAlive ? "alive" : "freed" }

    init(line: String) {
        self.line = line
        Self.alive.increment()
    }

    deinit {
        isAlive = false
        Self.alive.mutate { $0 -= 1 }
    }
}

private struct Tag: TagContent {
    var tag: String
}

/// A getter that waits, mid-read, until the test lets it go on.
private final class SlowReader: LineContent {
    let entered: DispatchSemaphore
    let proceed: DispatchSemaphore
    let deinitRan: Shared<Bool>
    var line: String {
        entered.signal()
        proceed.wait()
        return "slow"
    }
    var state: String { "alive" }

    init(entered: DispatchSemaphore, proceed: DispatchSemaphore, deinitRan: Shared<Bool>) {
        self.entered = entered
        self.proceed = proceed
        self.deinitRan = deinitRan
    }
    deinit { deinitRan.mutate { $0 = true } }
}

/// A getter that uses the proxy it is read through: reads it and replaces itself.
private final class ReentrantReader: LineContent {
    let proxy: ForwardingProxy
    let deinitRan: Shared<Bool>
    var line: String {
        let tag = proxy.forward(\TagContent.tag) ?? "-"
        proxy.inject(Counted(line: "replacement"), as: LineContent.self)
        return "reentrant " + tag
    }
    var state: String { "alive" }

    init(proxy: ForwardingProxy, deinitRan: Shared<Bool>) {
        self.proxy = proxy
        self.deinitRan = deinitRan
    }
    deinit { deinitRan.mutate { $0 = true } }
}

@Suite(.serialized) struct ForwardingProxyConcurrencyTests {
    @Test @MainActor func readsRacingReplacementAndRemoval_seeWholeLiveObjects_andEveryObjectIsReleased() async {
        let before = Counted.alive.value
        let failures = Log<String>()
        let reads = Shared(0)
        do {
            let proxy = ForwardingProxy()
            let keeper = Counted(line: "weak-kept")   // alive for the whole run, injected weakly
            let done = Shared(false)
            // Two writers and four typed readers on other threads, while the main actor reads
            // by name.
            let workers = Task.detached {
                DispatchQueue.concurrentPerform(iterations: 6) { thread in
                    for round in 0..<2_000 {
                        switch thread {
                        case 0:
                            proxy.inject(Counted(line: "strong \(round)"), as: LineContent.self, members: .lineContent)
                            if round.isMultiple(of: 7) { proxy.remove(LineContent.self) }
                        case 1:
                            proxy.inject(Tag(tag: "tag \(round)"), as: TagContent.self, members: .tagContent)
                            if round.isMultiple(of: 5) { try? proxy.inject(weak: keeper, as: LineContent.self, members: .lineContent) }
                            if round.isMultiple(of: 11) { proxy.remove(TagContent.self) }
                        default:
                            // Typed, both protocols: nil, or a whole live value a writer injected.
                            var seen = 0
                            if let line = proxy.forward(\LineContent.line) {
                                seen += 1
                                if !(line.hasPrefix("strong ") || line == "weak-kept") { failures.append("line \(line)") }
                            }
                            if let state = proxy.forward(\LineContent.state), state != "alive" {
                                failures.append("state \(state)")
                            }
                            if let tag = proxy.forward(\TagContent.tag), !tag.hasPrefix("tag ") {
                                failures.append("tag \(tag)")
                            }
                            if let object = proxy.object(for: LineContent.self), object.state != "alive" {
                                failures.append("object \(object.line)")
                            }
                            _ = proxy.injectedProtocols
                            reads.mutate { $0 += seen }
                        }
                    }
                }
                done.mutate { $0 = true }
            }
            var byName = 0
            while !done.value {
                if let value = proxy.value(forMember: "line") {
                    byName += 1
                    if let line = value as? String, line.hasPrefix("strong ") || line == "weak-kept" {} else {
                        failures.append("by name \(value)")
                    }
                }
                if let state = proxy.value(forMember: "state"), state as? String != "alive" { failures.append("state by name \(state)") }
                if let tag = proxy.value(forMember: "tag"), !((tag as? String)?.hasPrefix("tag ") ?? false) { failures.append("tag by name \(tag)") }
                await Task.yield()
            }
            await workers.value
            #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
            #expect(reads.value > 0)
            // The last strong object (or the weakly injected one) and the keeper are alive.
            #expect(Counted.alive.value - before <= 2)
            proxy.remove(LineContent.self)
            #expect(Counted.alive.value - before == 1)   // the keeper
            withExtendedLifetime(keeper) {}
            _ = byName
        }
        #expect(Counted.alive.value == before, "every injected object is released")
    }

    @Test func replacedAndRemovedObjects_areReleasedWhenInjectOrRemoveReturns() {
        let before = Counted.alive.value
        let proxy = ForwardingProxy()
        proxy.inject(Counted(line: "one"), as: LineContent.self)
        #expect(proxy.forward(\LineContent.line) == "one")
        proxy.inject(Counted(line: "two"), as: LineContent.self)
        #expect(Counted.alive.value == before + 1)
        proxy.remove(LineContent.self)
        #expect(Counted.alive.value == before)
        // Removing what is not there, and a proxy going away with an object inside.
        proxy.remove(LineContent.self)
        do {
            let other = ForwardingProxy()
            other.inject(Counted(line: "three"), as: LineContent.self)
            #expect(Counted.alive.value == before + 1)
        }
        #expect(Counted.alive.value == before)
    }

    @Test func anObjectReplacedMidRead_isReleasedWhenTheReadEnds_notBefore() {
        let deinitRan = Shared(false)
        let entered = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let proxy = ForwardingProxy()
        proxy.inject(SlowReader(entered: entered, proceed: proceed, deinitRan: deinitRan), as: LineContent.self)
        let line = Shared<String?>(nil)
        Thread.detachNewThread {
            line.mutate { $0 = proxy.forward(\LineContent.line) }
            done.signal()
        }
        entered.wait()
        // The reader is inside the old object's getter: replacing it neither waits for the read
        // nor frees the object under it; the proxy no longer holds it, only the read does.
        proxy.inject(Counted(line: "new"), as: LineContent.self)
        #expect(proxy.forward(\LineContent.line) == "new")
        #expect(!deinitRan.value)
        proceed.signal()
        done.wait()
        #expect(line.value == "slow")
        // The read let go of the object, and with it the last reference.
        #expect(deinitRan.value)
        #expect(proxy.forward(\LineContent.line) == "new")
    }

    @Test func aGetterMayReadAndReplaceThroughTheProxyItIsReadThrough() {
        let before = Counted.alive.value
        let deinitRan = Shared(false)
        let proxy = ForwardingProxy()
        proxy.inject(Tag(tag: "t"), as: TagContent.self)
        proxy.inject(ReentrantReader(proxy: proxy, deinitRan: deinitRan), as: LineContent.self)
        // Took no lock a nested look-up or injection needs (either would deadlock), and the
        // getter's own object, replaced while it ran, is released once the read is over.
        #expect(proxy.forward(\LineContent.line) == "reentrant t")
        #expect(deinitRan.value)
        #expect(proxy.forward(\LineContent.line) == "replacement")
        proxy.remove(LineContent.self)
        #expect(Counted.alive.value == before)
    }

    @Test @MainActor func aWeaklyInjectedObject_readsAsAbsentOnceGone_whileOthersAreRead() throws {
        let proxy = ForwardingProxy()
        var object: Counted? = Counted(line: "weak")
        try proxy.inject(weak: object!, as: LineContent.self, members: .lineContent)
        proxy.inject(Tag(tag: "t"), as: TagContent.self, members: .tagContent)
        #expect(proxy.forward(\LineContent.line) == "weak")
        #expect(proxy.value(forMember: "line") as? String == "weak")
        object = nil
        #expect(proxy.forward(\LineContent.line) == nil)
        #expect(proxy.value(forMember: "line") == nil)
        #expect(proxy.object(for: LineContent.self) == nil)
        #expect(proxy.injectedProtocols == ["TagContent"])
        #expect(proxy.value(forMember: "tag") as? String == "t")
    }
}
