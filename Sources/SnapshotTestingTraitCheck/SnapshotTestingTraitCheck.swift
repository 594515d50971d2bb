// The snapshot strategies need swift-snapshot-testing, which this package resolves only with its
// "SnapshotTesting" trait.
#if !SnapshotTesting
#error("""
    DecoupleTesting needs this package's trait "SnapshotTesting": depend on it with \
    .package(url: …, from: …, traits: ["SnapshotTesting"]), or build it with --enable-all-traits.
    """)
#endif
