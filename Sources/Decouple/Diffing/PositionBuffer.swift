// MARK: - PositionBuffer

/// A fixed-size scratch array of positions that frees itself, for the diff's per-element tables.
///
/// The diff's budget is about one hash-table pass, and at that scale an `Array`'s copy-on-write
/// check and bounds check on every access show. The buffer is written and read only inside one
/// call; being noncopyable, it cannot outlive it.
///
/// ```swift
/// let targets = PositionBuffer(count: old.count, repeating: PositionBuffer.unmatched)
/// targets[3] = 7
/// ```
@usableFromInline
struct PositionBuffer: ~Copyable {
    /// Marks a slot that holds no position yet. Every real position and its complement (`~p`,
    /// used to tag a position) differ from it.
    @inlinable static var unmatched: Int { Int.min }

    @usableFromInline let base: UnsafeMutablePointer<Int>
    @usableFromInline let count: Int

    /// A buffer of `count` slots, each holding `value`.
    @inlinable
    init(count: Int, repeating value: Int) {
        self.count = count
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(repeating: value, count: count)
    }

    /// A buffer of `count` slots, each to be written before it is read.
    @inlinable
    init(uninitializedCount count: Int) {
        self.count = count
        base = .allocate(capacity: Swift.max(count, 1))
    }

    @inlinable
    subscript(position: Int) -> Int {
        get {
            assert(position >= 0 && position < count, "position \(position) out of 0..<\(count)")
            return base[position]
        }
        nonmutating set {
            assert(position >= 0 && position < count, "position \(position) out of 0..<\(count)")
            base[position] = newValue
        }
    }

    @inlinable
    deinit {
        base.deallocate()
    }
}
