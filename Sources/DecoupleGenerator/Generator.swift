import Foundation

// MARK: - Generator

/// One Swift source file handed to the generator.
public struct SourceFile: Sendable {
    /// The path to show in diagnostics.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What one run of the generator made of its sources and configuration.
public struct GenerationResult: Sendable {
    /// The generated file: deterministic, formatted, with a generated-file header; `nil` when
    /// ``diagnostics`` holds the problems that stopped it.
    public var code: String?
    /// The adapters ``code`` holds, in its order, among them those it writes nothing for: a model
    /// whose conformance its own or a superclass's declaration, or a superclass's adapter,
    /// already gives. Empty when there are none (the configuration maps nothing, and no model is
    /// annotated).
    public var adapters: [GeneratedAdapter]
    /// Why nothing was generated: every problem found, ordered as ``GenerationFailure`` orders
    /// them; empty when ``code`` is there.
    public var diagnostics: [Diagnostic]
    /// What did not stop the run: a file that does not parse, and that no adapter needs, is
    /// skipped with a warning.
    public var warnings: [Diagnostic]

    /// The code, or the failure that stopped the run.
    public func get() throws(GenerationFailure) -> String {
        guard let code else { throw GenerationFailure(diagnostics) }
        return code
    }
}

/// One adapter in the generated code: a model made the content a protocol describes.
public struct GeneratedAdapter: Hashable, Sendable {
    /// The model's qualified name (`Outer.User`).
    public var model: String
    /// The protocol's qualified name.
    public var protocolName: String
    public var style: OutputStyle
    /// Where the model is declared.
    public var modelPosition: SourcePosition
}

/// Reads model sources and writes the adapters that make them content, in memory: no file is
/// read or written, no signal handled, nothing kept between calls, so it may be called any
/// number of times, from any thread, with other sources and configurations.
///
/// ```swift
/// let result = Generator.generate(
///     sources: [SourceFile(path: "Models.swift", text: modelSource)],
///     configuration: try Configuration.parse(json, path: "decouple.json"))
/// let code = try result.get()
/// ```
public enum Generator {
    /// Scans sources into a catalog of types and protocols, with extensions merged. A file that
    /// does not parse and holds no annotation is left out, with a warning in
    /// ``Catalog/warnings``.
    package static func catalog(of sources: [SourceFile]) -> Catalog {
        let (files, skipped) = skippingUnneededBrokenFiles(scan(sources), configuration: Configuration())
        var catalog = Catalog(files: files)
        catalog.warnings = skipped
        return catalog
    }

    /// Generates the adapters the configuration and the sources' annotations ask for.
    public static func generate(sources: [SourceFile], configuration: Configuration) -> GenerationResult {
        generate(sources: sources, configuration: configuration, scanning: SourceScanner.scan)
    }

    /// ``generate(sources:configuration:)``, with each file's declarations from `scanning`: the
    /// command-line tool's cache answers for files it knows (the result is the same either way).
    package static func generate(
        sources: [SourceFile], configuration: Configuration, scanning: @Sendable (SourceFile) -> ScannedFile
    ) -> GenerationResult {
        let (files, warnings) = skippingUnneededBrokenFiles(scan(sources, scanning: scanning), configuration: configuration)
        let layout: (text: String, made: [ResolvedAdapter])
        do {
            layout = Emitter.render(try plan(Catalog(files: files, configuration: configuration), configuration: configuration, policy: .tool))
        } catch {
            return GenerationResult(code: nil, adapters: [], diagnostics: error.diagnostics, warnings: warnings)
        }
        let made = layout.made.map {
            GeneratedAdapter(model: $0.model.qualifiedName, protocolName: $0.protocolDeclaration.qualifiedName, style: $0.style.name, modelPosition: $0.model.position)
        }
        return GenerationResult(code: layout.text, adapters: made, diagnostics: [], warnings: warnings)
    }

    /// A file that does not parse fails the run only where it matters: when it holds an
    /// annotation, or declares (as far as its damaged tree shows) a type or protocol named by
    /// the configuration. Any other such file — a template that only ends in `.swift`, a file
    /// mid-edit in another target — is left out, with one warning naming it and its first error.
    static func skippingUnneededBrokenFiles(
        _ files: [ScannedFile], configuration: Configuration
    ) -> (files: [ScannedFile], warnings: [Diagnostic]) {
        let needed = Set(configuration.adapters.flatMap { request in
            [request.model, request.protocolName].compactMap { $0.split(separator: ".").last.map(String.init) }
        })
        var kept: [ScannedFile] = []
        var warnings: [Diagnostic] = []
        for file in files {
            guard let names = file.namesDeclaredDespiteErrors, !file.mentionsAnnotation, names.isDisjoint(with: needed),
                  let first = file.diagnostics.first else {
                kept.append(file)
                continue
            }
            warnings.append(Diagnostic(
                "\(first.message); the file is skipped, since no adapter needs what it declares (exclude it with --exclude to silence this)",
                rule: .skippedUnparsableFile, at: first.position, severity: .warning))
        }
        return (kept, warnings)
    }

    /// The step every front end shares between scanning and rendering: the requests become
    /// checked adapters, with what the file they are written in imports and the names it must
    /// not take, or every problem found.
    static func plan(_ catalog: Catalog, configuration: Configuration, policy: ResolutionPolicy) throws(GenerationFailure) -> Plan {
        guard catalog.diagnostics.isEmpty else { throw GenerationFailure(catalog.diagnostics) }
        var resolver = Resolver(catalog: catalog, policy: policy)
        let adapters = resolver.resolve(configuration: configuration)
        guard resolver.diagnostics.isEmpty else { throw GenerationFailure(resolver.diagnostics) }
        return Plan(adapters: adapters, catalog: catalog, configuration: configuration)
    }

    /// Scans the files in parallel, one per core at a time; the result keeps the input order and
    /// leaves out the generator's own previous output.
    static func scan(_ sources: [SourceFile], scanning: @Sendable (SourceFile) -> ScannedFile = SourceScanner.scan) -> [ScannedFile] {
        inParallel(sources.count, chunk: 1) { range in range.map { scanning(sources[$0]) } }.filter { !$0.isGenerated }
    }
}
/// `body` applied to consecutive ranges of `0..<count`, at most `chunk` long, one range per core
/// at a time; the results of all the ranges in order.
package func inParallel<Value: Sendable>(_ count: Int, chunk: Int = 64, _ body: @Sendable (Range<Int>) -> [Value]) -> [Value] {
    // One chunk runs here: handing it to a worker would only add a thread's wake-up (the macro
    // resolves one request per expansion).
    guard count > chunk else { return count > 0 ? body(0..<count) : [] }
    let ranges = stride(from: 0, to: count, by: chunk).map { $0..<min($0 + chunk, count) }
    let slots = ParallelSlots<[Value]>(count: ranges.count)
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
        slots.store(body(ranges[index]), at: index)
    }
    return slots.values.flatMap { $0 }
}

/// Slots written by parallel work, each by exactly one iteration.
final class ParallelSlots<Value: Sendable>: Sendable {
    private let slots: Protected<[Value?]>

    init(count: Int) { slots = Protected(Array(repeating: nil, count: count)) }

    func store(_ value: Value, at index: Int) {
        slots.withLock { $0[index] = value }
    }

    var values: [Value] { slots.withLock { $0.map { $0! } } }
}

/// A value behind a lock: read and changed only inside ``withLock(_:)``, the one place the lock
/// is taken and always released.
package final class Protected<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
