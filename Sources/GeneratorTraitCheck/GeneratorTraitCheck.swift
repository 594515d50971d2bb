// The generator needs swift-syntax, which this package resolves only with its "Generator" trait.
#if !Generator
#error("""
    The decouple tool, its plugins, the @Adapts macro and DecoupleGenerator need this package's \
    trait "Generator": depend on it with .package(url: …, from: …, traits: ["Generator"]), or \
    build it with --enable-all-traits.
    """)
#endif
