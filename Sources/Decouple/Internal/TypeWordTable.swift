#if canImport(Glibc)
import Synchronization
#endif

/// A hash table from types (`ObjectIdentifier`s) to words that any number of threads read
/// while one thread at a time writes, for registries read far more often than they change.
///
/// A value of 0 means "no entry". Keys are never removed; a value can be overwritten or reset
/// to 0. Readers call ``value(for:)``; writers go through a ``Writer``, whose methods are
/// `mutating`, so that a writer kept in a ``Locked`` state can only write under that lock.
///
/// On Linux a look-up takes no lock: the table is a block of atomic words, insert-only, at most
/// half full, published with a release store of its address (with its size in the low bits the
/// block's alignment leaves free) and read with acquiring loads. A
/// writer stores an entry's value before its key, so a reader that finds the key finds the value
/// (or a later one). To grow, the writer copies the entries into a table twice the size and
/// publishes that; readers still probing the old one finish there. Old tables are freed only
/// with the whole table, so a reader never reads freed memory (geometric growth keeps their sum
/// below the current table's size). Elsewhere `Atomic` needs macOS 15 or iOS 18, later than the
/// package supports, so there the same table is read under a lock.
final class TypeWordTable: Sendable {
    #if canImport(Glibc)
    /// The current block (see `Block`): its address, with the base-2 logarithm of its capacity
    /// in the low bits the block's alignment leaves free, so that a look-up starts probing after
    /// one load. A word: `Atomic` of a pointer would not be `Sendable`.
    private let current: Atomic<UInt>

    init() {
        current = Atomic(Block.word(Block.allocate(capacity: 8, previous: nil)))
    }

    deinit {
        var block = Optional(Block.pointer(current.load(ordering: .acquiring)))
        while let freed = block {
            block = Block.previous(of: freed)
            Block.deallocate(freed)
        }
    }

    /// The value stored for `id`, or 0.
    @inline(__always)
    func value(for id: ObjectIdentifier) -> UInt {
        value(forWord: UInt(bitPattern: id))
    }

    /// The value stored for the identifier whose bits are `word`, or 0: for a look-up by an
    /// address that may not be a type's. A word of 0 finds 0 (0 marks an empty slot, whose
    /// value a writer may be filling in).
    @inline(__always)
    func value(forWord word: UInt) -> UInt {
        word == 0 ? 0 : Block.value(for: word, inBlockOf: current.load(ordering: .acquiring))
    }

    /// Writers only: the current block.
    private var writersBlock: Block.Pointer {
        Block.pointer(current.load(ordering: .relaxed))
    }
    #else
    private let table = Locked(TypeTable<UInt>())

    init() {}

    /// The value stored for `id`, or 0.
    func value(for id: ObjectIdentifier) -> UInt {
        table.withLock { $0[id] ?? 0 }
    }

    /// The value stored for the identifier whose bits are `word`, or 0.
    func value(forWord word: UInt) -> UInt {
        word == 0 ? 0 : table.withLock { $0[unsafeBitCast(word, to: ObjectIdentifier.self)] ?? 0 }
    }
    #endif

    /// The only way to change a table. Keep it in a lock's state: its methods are `mutating`,
    /// so two writers never run at once.
    struct Writer: Sendable {
        /// The table it writes, to hand to readers.
        let table = TypeWordTable()
        #if canImport(Glibc)
        /// Keys in the current block.
        private var count = 0
        #endif

        /// Stores `value` (not 0) for `id`.
        mutating func set(_ value: UInt, for id: ObjectIdentifier) {
            precondition(value != 0, "TypeWordTable stores no 0 values")
            #if canImport(Glibc)
            var block = table.writersBlock
            if (count + 1) * 2 > Block.capacity(of: block) {
                block = Block.grown(block)
                table.current.store(Block.word(block), ordering: .releasing)
            }
            if Block.set(value, for: UInt(bitPattern: id), in: block) { count += 1 }
            #else
            table.table.withLock { $0[id] = value }
            #endif
        }

        /// Sets to 0 every value that `shouldReset` selects.
        mutating func reset(where shouldReset: (UInt) -> Bool) {
            #if canImport(Glibc)
            Block.reset(in: table.writersBlock, where: shouldReset)
            #else
            table.table.withLock { $0.resetValues(to: 0, where: shouldReset) }
            #endif
        }
    }
}

#if canImport(Glibc)
/// The layout of one block of the lock-free table, a run of atomic words:
/// `[log2 capacity, previous block, key 0, value 0, key 1, value 1, …]`, where the capacity is
/// a power of two, `previous` is the block this one replaced (0 for none), and a key of 0 marks
/// an empty slot. Only the keys and values change once a block is published. A block is
/// aligned to 64 bytes, so that its address and its capacity's logarithm (at most 63) share a
/// word.
fileprivate enum Block {
    typealias Pointer = UnsafeMutablePointer<Atomic<UInt>>
    private static let header = 2
    private static let alignment = 64
    private static let logarithmBits = UInt(alignment - 1)

    static func allocate(capacity: Int, previous: Pointer?) -> Pointer {
        let words = header + 2 * capacity
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: words * MemoryLayout<Atomic<UInt>>.stride, alignment: alignment
        ).bindMemory(to: Atomic<UInt>.self, capacity: words)
        for index in 0..<words { (block + index).initialize(to: Atomic(0)) }
        block[0].store(UInt(capacity.trailingZeroBitCount), ordering: .relaxed)
        block[1].store(previous.map { UInt(bitPattern: $0) } ?? 0, ordering: .relaxed)
        return block
    }

    static func deallocate(_ block: Pointer) {
        block.deinitialize(count: header + 2 * capacity(of: block))
        UnsafeMutableRawPointer(block).deallocate()
    }

    /// The word that publishes `block`: its address and its capacity's logarithm.
    static func word(_ block: Pointer) -> UInt {
        UInt(bitPattern: block) | block[0].load(ordering: .relaxed)
    }

    /// The block a word published.
    @inline(__always)
    static func pointer(_ word: UInt) -> Pointer {
        Pointer(bitPattern: word & ~logarithmBits).unsafelyUnwrapped
    }

    static func previous(of block: Pointer) -> Pointer? {
        Pointer(bitPattern: block[1].load(ordering: .relaxed))
    }

    static func capacity(of block: Pointer) -> Int {
        1 << Int(block[0].load(ordering: .relaxed))
    }

    /// Where the probe for `key` starts, and the mask that wraps it, in a block whose capacity
    /// is 2 to the power `logarithm`.
    @inline(__always)
    private static func probe(of key: UInt, logarithm: UInt) -> (slot: UInt, mask: UInt) {
        // Fibonacci hashing: the top bits of the product depend on every bit of the pointer.
        ((key &* 0x9E37_79B9_7F4A_7C15) &>> (UInt(UInt.bitWidth) &- logarithm), (1 &<< logarithm) &- 1)
    }

    @inline(__always)
    private static func entry(at slot: UInt, in block: Pointer) -> Pointer {
        block + (header &+ 2 &* Int(bitPattern: slot))
    }

    /// Reader: the value for `key` in the block `word` publishes, or 0.
    @inline(__always)
    static func value(for key: UInt, inBlockOf word: UInt) -> UInt {
        value(for: key, in: pointer(word), logarithm: word & logarithmBits)
    }

    @inline(__always)
    private static func value(for key: UInt, in block: Pointer, logarithm: UInt) -> UInt {
        var (slot, mask) = probe(of: key, logarithm: logarithm)
        while true {
            let entry = Self.entry(at: slot, in: block)
            let found = entry[0].load(ordering: .acquiring)
            if found == key { return entry[1].load(ordering: .acquiring) }
            if found == 0 { return 0 }
            slot = (slot &+ 1) & mask
        }
    }

    /// Writer: stores `value` for `key`; whether the key is new. The block has a free slot.
    static func set(_ value: UInt, for key: UInt, in block: Pointer) -> Bool {
        var (slot, mask) = probe(of: key, logarithm: block[0].load(ordering: .relaxed))
        while true {
            let entry = Self.entry(at: slot, in: block)
            let found = entry[0].load(ordering: .relaxed)
            if found == key || found == 0 {
                // The value first: a reader that finds the key finds its value.
                entry[1].store(value, ordering: .releasing)
                if found == 0 { entry[0].store(key, ordering: .releasing) }
                return found == 0
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Writer: a block twice the size with the same entries, which remembers `block`.
    static func grown(_ block: Pointer) -> Pointer {
        let capacity = capacity(of: block)
        let grown = allocate(capacity: capacity * 2, previous: block)
        for slot in 0..<UInt(capacity) {
            let entry = entry(at: slot, in: block)
            let key = entry[0].load(ordering: .relaxed)
            if key != 0 { _ = set(entry[1].load(ordering: .relaxed), for: key, in: grown) }
        }
        return grown
    }

    /// Writer: sets to 0 the values `shouldReset` selects.
    static func reset(in block: Pointer, where shouldReset: (UInt) -> Bool) {
        for slot in 0..<UInt(capacity(of: block)) {
            let entry = entry(at: slot, in: block)
            let value = entry[1].load(ordering: .relaxed)
            if value != 0, shouldReset(value) { entry[1].store(0, ordering: .releasing) }
        }
    }
}
#endif
