#if canImport(Glibc) && _pointerBitWidth(_64)
import Synchronization
#endif

// MARK: - ProxySnapshot

/// What a ``ForwardingProxy`` has injected, in injection order, as one immutable value: a
/// look-up reads the snapshot that is current when it starts, and injecting or removing
/// publishes a new one (see ``ProxyRegistry``). A proxy stands in for a handful of protocols,
/// so a linear scan comparing identifiers beats hashing them.
@usableFromInline
final class ProxySnapshot: Sendable {
    let slots: [ForwardingProxy.Slot]
    /// The slots' contents, unretained (the slots hold them): what look-ups scan, typed and by name.
    let entries: [ForwardingProxy.Entry]

    #if canImport(Glibc) && _pointerBitWidth(_64)
    /// Once the snapshot is replaced: the readers still in it, counted down as they leave; it is
    /// released when this reaches zero (see ``ProxyRegistry``).
    let stillReading = Atomic<Int>(0)
    #endif

    init(slots: [ForwardingProxy.Slot]) {
        self.slots = slots
        entries = slots.map(\.entry)
    }
}

// MARK: - ProxyRegistry

/// The current ``ProxySnapshot`` of a proxy, read without a lock where the platform allows it.
///
/// Readers ``enter()`` the current snapshot, read it in place, and ``leave(_:)`` it; nothing
/// in it is retained on the way (the snapshot holds its objects). Writers are serialised by a
/// lock, build a new snapshot and publish it; the replaced one is released as soon as the last
/// reader has left it: at once, on the writer's thread and after its lock, when nobody reads it
/// (so a replaced object's `deinit` has run when `inject` or `remove` returns), or else by the
/// last reader to leave. No reader ever waits for a writer, nor a writer for a reader.
///
/// - On 64-bit Linux, entering is one atomic add and leaving one compare-and-swap (a lock is
///   two, and retaining and releasing what was found two more). The current snapshot's address
///   and the number of readers that entered it and have not left share one word (a split
///   reference count): `enter` adds one reader and reads the address in the same instruction, so
///   no reader can load an address whose snapshot is freed before it is counted. `leave` counts
///   the reader out of the word while the snapshot is current; a writer that replaces it moves
///   the count still in the word into the snapshot's ``ProxySnapshot/stillReading``, which the
///   readers that leave later count down instead. Exactly one party sees it reach zero, and
///   releases the snapshot.
/// - Elsewhere (Apple platforms before macOS 15 / iOS 18 have no `Synchronization.Atomic`), the
///   snapshot is taken under a lock and retained while read.
@usableFromInline
final class ProxyRegistry: Sendable {
    #if canImport(Glibc) && _pointerBitWidth(_64)
    /// Bits 0..<48: the current snapshot's address (user-space addresses on 64-bit Linux have
    /// 47 or 48 bits); bits 48..<64: readers that entered it and have not left. The word owns
    /// one reference to the snapshot. A heap that hands out addresses past 48 bits (tagged
    /// pointers, such as glibc's memory tagging on arm64) stops the program at the first proxy
    /// made, with a message: a known limit, not met on the platforms tested.
    private let word: Atomic<UInt>
    private let writers = Locked(())

    private static let reader: UInt = 1 << 48
    private static let addressBits: UInt = reader - 1
    /// Readers in one snapshot beyond which `enter` stops the program: half the count's range,
    /// so that the threads that add one before they see it cannot overflow it.
    private static let readerLimit: UInt = 1 << 15

    init() {
        word = Atomic(Self.bits(of: Unmanaged.passRetained(ProxySnapshot(slots: []))))
    }

    deinit {
        // No reader is left: each reads through a reference to the proxy.
        Self.snapshot(at: word.load(ordering: .acquiring)).release()
    }

    /// Enters the current snapshot, which stays alive and unchanged until ``leave(_:)``.
    @usableFromInline @inline(__always)
    func enter() -> Unmanaged<ProxySnapshot> {
        let old = word.wrappingAdd(Self.reader, ordering: .acquiring).oldValue
        // 32,768 look-ups at once in one snapshot: stopped here, named, rather than left to
        // overflow the count into the address. (A getter that reads through its own proxy
        // without end overflows its thread's stack long before: unbounded recursion.)
        precondition(old >> 48 < Self.readerLimit, "ForwardingProxy: 32,768 look-ups at once in one proxy")
        return Self.snapshot(at: old)
    }

    /// Leaves a snapshot entered with ``enter()``, releasing it when it was replaced and this
    /// was its last reader.
    @usableFromInline
    func leave(_ snapshot: Unmanaged<ProxySnapshot>) {
        let address = Self.bits(of: snapshot)
        var current = word.load(ordering: .relaxed)
        // While it is current, the snapshot cannot be freed, so its address is not reused.
        while current & Self.addressBits == address {
            let (exchanged, found) = word.compareExchange(
                expected: current, desired: current &- Self.reader, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = found
        }
        // Replaced: the writer moves (or will move) this reader's count into the snapshot.
        if snapshot._withUnsafeGuaranteedRef({ $0.stillReading.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 }) {
            snapshot.release()
        }
    }

    /// Publishes `change(slots)` unless it is `nil`. The replaced snapshot (and with it whatever
    /// the change dropped) is released after the writers' lock, at once unless a reader is in it.
    func update(_ change: ([ForwardingProxy.Slot]) -> [ForwardingProxy.Slot]?) {
        let replaced: UInt? = writers.withLock { _ in
            // Only writers replace the current snapshot, so it stays alive while this one reads it.
            let current = Self.snapshot(at: word.load(ordering: .acquiring))
            guard let slots = current._withUnsafeGuaranteedRef({ change($0.slots) }) else { return nil }
            let new = Unmanaged.passRetained(ProxySnapshot(slots: slots))
            return word.exchange(Self.bits(of: new), ordering: .acquiringAndReleasing)
        }
        guard let replaced else { return }
        let snapshot = Self.snapshot(at: replaced)
        let readers = Int(replaced >> 48)
        if snapshot._withUnsafeGuaranteedRef({ $0.stillReading.add(readers, ordering: .acquiringAndReleasing).newValue == 0 }) {
            snapshot.release()
        }
    }

    private static func bits(of snapshot: Unmanaged<ProxySnapshot>) -> UInt {
        let bits = UInt(bitPattern: snapshot.toOpaque())
        precondition(bits & ~addressBits == 0, "ForwardingProxy: an address beyond 48 bits")
        return bits
    }

    private static func snapshot(at bits: UInt) -> Unmanaged<ProxySnapshot> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & addressBits).unsafelyUnwrapped)
    }
    #else
    private let current = Locked(ProxySnapshot(slots: []))

    init() {}

    /// Takes the current snapshot, retained, under the lock.
    @usableFromInline
    func enter() -> Unmanaged<ProxySnapshot> {
        Unmanaged.passRetained(current.withLock { $0 })
    }

    /// Releases a snapshot taken with ``enter()``.
    @usableFromInline
    func leave(_ snapshot: Unmanaged<ProxySnapshot>) {
        snapshot.release()
    }

    /// Publishes `change(slots)` unless it is `nil`; the replaced snapshot is released after
    /// the lock.
    func update(_ change: ([ForwardingProxy.Slot]) -> [ForwardingProxy.Slot]?) {
        let replaced: ProxySnapshot? = current.withLock { current in
            guard let slots = change(current.slots) else { return nil }
            defer { current = ProxySnapshot(slots: slots) }
            return current
        }
        withExtendedLifetime(replaced) {}
    }
    #endif

    /// `body` applied to the current snapshot, which it must not let escape.
    func read<Result>(_ body: (ProxySnapshot) -> Result) -> Result {
        let snapshot = enter()
        defer { leave(snapshot) }
        return snapshot._withUnsafeGuaranteedRef(body)
    }
}
