// MARK: - SplitMix64

/// A tiny seeded random number generator, so every random case can be replayed from its seed.
///
/// Steele, Lea and Flood's SplitMix64: a 64-bit counter stepped by the golden ratio and mixed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// Int.random(in: 0..<10, using: &random)   // the same number on every run
/// ```
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // The two helpers below skip the standard library's generic `random(in:using:)`, which is
    // slow in debug builds; the modulo's bias is far below what a test could notice.

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) * 0x1p-53 < p }
}
