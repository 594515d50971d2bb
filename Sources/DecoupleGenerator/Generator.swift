import Foundation
import SwiftParser
import SwiftSyntax

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

/// Reads model sources and writes the adapters that make them content.
///
/// ```swift
/// let code = try Generator.generate(
///     sources: [SourceFile(path: "Models.swift", text: modelSource)],
///     configuration: Configuration.parse(json, path: "decouple.json"))
/// ```
public enum Generator {
    /// Scans sources into a catalog of types and protocols, with extensions merged.
    public static func catalog(of sources: [SourceFile]) -> Catalog {
        Catalog(files: scan(sources))
    }

    /// Generates the adapters the configuration and the sources' annotations ask for.
    ///
    /// - Returns: The generated file's text: deterministic, formatted, with a generated-file header.
    /// - Throws: ``GenerationFailure`` with every problem found, each at its file, line and column.
    public static func generate(sources: [SourceFile], configuration: Configuration) throws(GenerationFailure) -> String {
        let catalog = Catalog(files: scan(sources))
        guard catalog.diagnostics.isEmpty else { throw GenerationFailure(catalog.diagnostics) }
        var resolver = Resolver(catalog: catalog)
        let adapters = resolver.resolve(configuration: configuration)
        guard resolver.diagnostics.isEmpty else { throw GenerationFailure(resolver.diagnostics) }
        let text = Emitter.file(adapters: adapters)
        // The output must parse; if it ever does not, that is our bug, reported rather than written.
        let check = Parser.parse(source: text)
        if check.hasError {
            throw GenerationFailure([Diagnostic("internal error: the generated code does not parse; please report this with your input", at: nil)])
        }
        return text
    }

    /// Scans the files in parallel, one per core at a time; the result keeps the input order.
    static func scan(_ sources: [SourceFile]) -> [ScannedFile] {
        let results = ScanResults(count: sources.count)
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            results.store(SourceScanner.scan(source: sources[index].text, path: sources[index].path), at: index)
        }
        return results.files.filter { !$0.isGenerated }
    }

    /// A stable 128-bit digest of the inputs of a run, for the tool's output cache: the same
    /// sources, configuration and generator version give the same key on every machine.
    public static func cacheKey(sources: [SourceFile], configurationText: String, version: String) -> String {
        var digest = Digest()
        digest.add(version)
        digest.add(configurationText)
        for source in sources.sorted(by: { $0.path < $1.path }) {
            digest.add(source.path)
            digest.add(source.text)
        }
        return digest.hex
    }
}

/// Slots written by parallel scans, each by exactly one iteration.
private final class ScanResults: @unchecked Sendable {
    private var slots: [ScannedFile?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ file: ScannedFile, at index: Int) {
        lock.lock()
        slots[index] = file
        lock.unlock()
    }

    var files: [ScannedFile] { slots.map { $0! } }
}

/// Two independent 64-bit FNV-1a hashes over length-prefixed fields.
private struct Digest {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
        var length = UInt64(text.utf8.count)
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: length))
            length >>= 8
        }
        for byte in text.utf8 { add(byte: byte) }
    }

    private mutating func add(byte: UInt8) {
        first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        second = ((second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3) ^ (second >> 29)
    }

    var hex: String {
        String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
