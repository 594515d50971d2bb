import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// Misuse of the library as a hostile or unlucky caller would: types that lie about themselves,
// deinits and mirrors that call back into the library, re-entrant observation,
// and chains long enough to overflow a recursive implementation.

// MARK: - Types that lie

private class Registered: @unchecked Sendable {
    let title: String
    init(title: String) { self.title = title }
}

private final class RegisteredChild: Registered, CustomReflectable, @unchecked Sendable {
    // Claims to have no ancestor at all: the factory must still find `Registered`.
    var customMirror: Mirror { Mirror(self, children: [:], ancestorRepresentation: .suppressed) }
}

/// Claims, through its mirror, to be a `Registered`, and has a layout nothing like one.
private final class Liar: CustomReflectable {
    let bytes: (Int, Int, Int) = (0xDEAD, 0xBEEF, 0xF00D)
    var customMirror: Mirror {
        Mirror(self, children: [:], ancestorRepresentation: .customized { Mirror(reflecting: Registered(title: "lie")) })
    }
}

/// A mirror that calls the factory that is reflecting it.
private final class Reentrant: CustomReflectable, @unchecked Sendable {
    nonisolated(unsafe) static var factory: ContentFactory<String>?
    var customMirror: Mirror {
        _ = Reentrant.factory?.canAdapt(Registered(title: "inner"))
        return Mirror(self, children: [:])
    }
}

@MainActor @Suite struct RobustnessTests {
    private func factory() throws -> ContentFactory<String> {
        let factory = ContentFactory<String>()
        try factory.register(Registered.self) { "registered: \($0.title)" }
        return factory
    }

    @Test func factory_decidesAncestryFromTheType_notFromItsMirror() throws {
        let factory = try factory()
        // The lying mirror reaches no adapter: the type has no registered ancestor.
        #expect(!factory.canAdapt(Liar()))
        #expect(throws: ContentFactoryError.self) { try factory.adapt(Liar()) }
        // A real subclass that hides its ancestry from reflection is still adapted by it.
        #expect(try factory.adapt(RegisteredChild(title: "child")) == "registered: child")
    }

    @Test func factory_runsNoMirrorUnderItsLock() throws {
        let factory = try factory()
        Reentrant.factory = factory
        defer { Reentrant.factory = nil }
        // Before the fix, the factory reflected `Reentrant` under its lock and the mirror's call
        // back into the factory deadlocked; now neither adapting nor asking reflects the model.
        #expect(!factory.canAdapt(Reentrant()))
        #expect(throws: ContentFactoryError.self) { try factory.adapt(Reentrant()) }
        _ = String(describing: Mirror(reflecting: Reentrant()).children.count)   // the mirror itself works
    }

    // MARK: Deinits that use the proxy

    private final class ReadsProxyOnDeinit: TitledContent, @unchecked Sendable {
        let proxy: ForwardingProxy
        let log: Log<String>
        init(proxy: ForwardingProxy, log: Log<String>) {
            self.proxy = proxy
            self.log = log
        }
        var title: String { "old" }
        var subtitle: String { "" }
        deinit {
            // Released by `remove` or `inject`, on the main actor, after the proxy's lock.
            let title = MainActor.assumeIsolated { proxy.title }
            log.append("deinit; proxy injects \(proxy.injectedProtocols), title \(title)")
        }
    }

    private struct Plain: TitledContent {
        var title: String
        var subtitle: String { "" }
    }

    @Test func proxy_releasesRemovedAndReplacedObjectsOutsideItsLock() {
        let proxy = ForwardingProxy()
        let log = Log<String>()
        proxy.inject(ReadsProxyOnDeinit(proxy: proxy, log: log), as: TitledContent.self)
        proxy.remove(TitledContent.self)   // deadlocked before: the deinit ran under the lock
        proxy.inject(ReadsProxyOnDeinit(proxy: proxy, log: log), as: TitledContent.self)
        proxy.inject(Plain(title: "new"), as: TitledContent.self)   // replacing, the same
        #expect(log.all == [
            "deinit; proxy injects [], title ",
            "deinit; proxy injects [\"TitledContent\"], title new",
        ])
    }

    // MARK: Re-entrant observation

    @Test func observation_anEqualWriteBackEndsTheCascade_evenWithATransform() {
        let value = ObservableProperty(0, transform: { min($0, 10) })
        let seen = Log<Int>()
        let token = value.observe { change in
            seen.append(change.new!)
            value.value = change.new!   // writes back what it was given, every time
        }
        value.value = 50
        value.value = 3
        #expect(value.value == 3)
        #expect(seen.all == [10, 3])
        _ = token
    }

    @Test func observation_aSetInsideAHandlerIsDeliveredAfterTheRound_andEveryObserverEndsAtTheStoredValue() {
        let value = ObservableProperty(0)
        let first = Log<Int>()
        let last = Log<Int>()
        let clamp = value.observe { change in
            first.append(change.new!)
            if change.new! > 10 { value.value = 10 }
        }
        let later = value.observe { last.append($0.new!) }
        value.value = 50
        #expect(value.value == 10)
        #expect(first.all == [50, 10])
        // Told of 50 first, in order, and then of the clamped value: it ends where the value is.
        #expect(last.all == [50, 10])
        _ = (clamp, later)
    }

    // MARK: Long chains

    /// Released inside one another, 200,000 links overflow the stack (each `deinit` releasing the
    /// next); one after another, they do not.
    @Test func derived_200000LongChain_isReleasedWithoutRecursion() throws {
        if let run = try ChildTest.runUnlessChild("RobustnessTests/derived_200000LongChain_isReleasedWithoutRecursion") {
            #expect(run.failure == nil, "\(run)")
            return
        }
        let root = ObservableProperty(0)
        weak var last: Derived<Int>?
        do {
            var chain = root.map { $0 + 1 }
            for _ in 1..<200_000 { chain = chain.map { $0 + 1 } }
            last = chain
        }
        #expect(last == nil)
        root.value = 1
        #expect(root.observerCount == 0)
    }

    @Test func derived_5000LongChain_updatesAndIsReleasedWithoutRecursion() throws {
        // Recursion over 5,000 links overflows the stack, which ends the whole test process: in
        // a child process of its own, that is a failure of this test.
        if let run = try ChildTest.runUnlessChild("RobustnessTests/derived_5000LongChain_updatesAndIsReleasedWithoutRecursion") {
            #expect(run.failure == nil, "\(run)")
            return
        }
        let root = ObservableProperty(0)
        weak var first: Derived<Int>?
        weak var last: Derived<Int>?
        let seen = Shared(-1)
        do {
            let head = root.map { $0 + 1 }
            first = head
            var chain = head
            for _ in 1..<5_000 { chain = chain.map { $0 + 1 } }
            let token = chain.observe { change in seen.mutate { $0 = change.new! } }
            root.value = 1
            #expect(chain.value == 5_001)
            #expect(seen.value == 5_001)
            last = chain
            token.cancel()   // releases 5,000 links: each after the one before, not inside it
        }
        #expect(last == nil, "the chain's last link outlived its token")
        #expect(first == nil, "the chain's first link outlived the chain")
        root.value = 2
        #expect(seen.value == 5_001)
        #expect(root.observerCount == 0)
    }
}
