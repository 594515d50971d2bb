// MARK: - IncreasingSubsequence

/// Finds a longest increasing subsequence of the values appended to it: the elements that keep
/// their relative order, so that every other one is a move.
///
/// Patience sorting: `tails[k]` is the smallest value that ends an increasing run of length
/// `k + 1` seen so far, and each value remembers the value before it in its run. A value larger
/// than the last tail, the common case when little moved, extends the longest run in O(1);
/// any other takes a binary search over the tails, O(log n). Values are distinct, non-negative
/// and below the bound given at creation.
///
/// ```swift
/// var run = IncreasingSubsequence(valueBound: 4, capacity: 4)
/// for value in [2, 0, 1, 3] { run.append(value) }
/// run.forEachKept { print($0) }   // 3, 1, 0: the value 2 is the one that moved
/// ```
@usableFromInline
struct IncreasingSubsequence: ~Copyable {
    /// For each value appended, the value before it in its run, or -1.
    @usableFromInline let predecessor: PositionBuffer
    @usableFromInline let tails: PositionBuffer
    /// The length of the longest run.
    @usableFromInline var length = 0
    /// The number of values appended.
    @usableFromInline var count = 0
    /// The value ending the longest run, -1 when empty: the run's last kept value.
    @usableFromInline var last = -1

    /// - Parameters:
    ///   - valueBound: One more than the largest value that will be appended.
    ///   - capacity: The most values appended between resets.
    @inlinable
    init(valueBound: Int, capacity: Int) {
        predecessor = PositionBuffer(uninitializedCount: valueBound)
        tails = PositionBuffer(uninitializedCount: capacity)
    }

    /// Whether the values appended so far are increasing: then every one of them is kept.
    @inlinable
    var isIncreasing: Bool { length == count }

    @inlinable
    mutating func append(_ value: Int) {
        count &+= 1
        if value > last {
            predecessor[value] = last
            tails[length] = value
            length &+= 1
            last = value
            return
        }
        // The first tail not below `value`; the last tail is above it, so one exists.
        var low = 0
        var high = length &- 1
        while low < high {
            let middle = (low &+ high) &>> 1
            if tails[middle] < value { low = middle &+ 1 } else { high = middle }
        }
        predecessor[value] = low > 0 ? tails[low &- 1] : -1
        tails[low] = value
        if low == length &- 1 { last = value }
    }

    /// The value before `value` in the longest run, or -1; `value` must be on it.
    @inlinable
    func kept(before value: Int) -> Int { predecessor[value] }

    /// Calls `body` with each value of one longest increasing run, from the last to the first.
    @inlinable
    func forEachKept(_ body: (Int) -> Void) {
        var value = last
        while value >= 0 {
            body(value)
            value = predecessor[value]
        }
    }

    /// Forgets the values appended, to find the run of another sequence.
    @inlinable
    mutating func reset() {
        length = 0
        count = 0
        last = -1
    }
}
