/// A hash table keyed by type (or any other `ObjectIdentifier`), for look-ups on a hot path.
///
/// `Dictionary` hashes every key with SipHash, which cost more than the rest of a factory look-up
/// put together. An identifier is a pointer, so one multiplication spreads it well enough:
/// open addressing with linear probing, at most half full. Entries are never removed; a table is
/// rebuilt instead.
struct TypeTable<Value> {
    private var keys: [ObjectIdentifier?]
    private var values: [Value?]
    private var shift: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: nil, count: 8)
        values = Array(repeating: nil, count: 8)
        shift = UInt.bitWidth - 3
    }

    subscript(id: ObjectIdentifier) -> Value? {
        get {
            let (slot, found) = slot(of: id)
            return found ? values[slot] : nil
        }
        set {
            guard let newValue else { preconditionFailure("TypeTable does not remove entries") }
            if (count + 1) * 2 > keys.count { grow() }
            let (slot, found) = slot(of: id)
            if !found {
                keys[slot] = id
                count += 1
            }
            values[slot] = newValue
        }
    }

    /// Where `id` is, or the empty slot where it would go.
    private func slot(of id: ObjectIdentifier) -> (Int, found: Bool) {
        let mask = keys.count - 1
        // Fibonacci hashing: the top bits of the product depend on every bit of the pointer.
        var slot = Int(truncatingIfNeeded: (UInt(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
        while let key = keys[slot] {
            if key == id { return (slot, true) }
            slot = (slot + 1) & mask
        }
        return (slot, false)
    }

    /// Replaces with `replacement` every value that `shouldReplace` selects.
    mutating func resetValues(to replacement: Value, where shouldReplace: (Value) -> Bool) {
        for slot in values.indices where values[slot].map(shouldReplace) == true {
            values[slot] = replacement
        }
    }

    private mutating func grow() {
        let old = zip(keys, values)
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: nil, count: keys.count)
        shift -= 1
        count = 0
        for case let (key?, value?) in old { self[key] = value }
    }
}

extension TypeTable: Sendable where Value: Sendable {}
