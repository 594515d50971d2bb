import DecoupleTestSupport
import Foundation

// MARK: - Random choices

extension ProgramGrammar {
    mutating func chance(_ p: Double) -> Bool { random.chance(p) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }
    mutating func pick<T>(_ values: [T]) -> T { values[random.int(0...values.count - 1)] }

    /// A `#if` condition: platforms, flags and compilers, combined with `||`, `&&` and `!`,
    /// with and without spaces.
    mutating func condition() -> String {
        let atoms = ["os(Linux)", "os(macOS)", "os(iOS)", "DEBUG", "canImport(Foundation)", "canImport(UIKit)", "swift(>=5.9)",
                     "compiler(>=6.0)", "arch(x86_64)", "arch(arm64)", "targetEnvironment(simulator)", "ORACLE_FLAG"]
        var text = pick(atoms)
        if chance(0.2) { text = "!" + text }
        if chance(0.45) {
            let spaced = chance(0.5)
            let op = pick(["||", "&&"])
            var other = pick(atoms)
            if chance(0.2) { other = "!" + other }
            // `&&!` is one operator to the compiler: a `!` after an operator written without
            // spaces needs its parentheses.
            if !spaced && other.hasPrefix("!") { other = "(\(other))" }
            text = spaced ? "\(text) \(op) \(other)" : "\(text)\(op)\(other)"
            shapes.insert(spaced ? "#if spaced operators" : "#if operators without spaces")
            if chance(0.2) { text = "!(\(text))" }
        }
        return text
    }

    mutating func add(_ chunk: String, to file: String, imports: [String] = ["Foundation"]) {
        fileChunks[file, default: []].append(chunk)
        fileImports[file, default: []].formUnion(imports)
    }

    /// A declaration of `Types.swift` that several requirements of a unit may share: added once.
    mutating func addTypeOnce(_ chunk: String) {
        if !(fileChunks["Types.swift"] ?? []).contains(chunk) { add(chunk, to: "Types.swift", imports: []) }
    }

    func name(_ base: String, _ unit: Int) -> String { "\(base)\(unit)\(suffix)" }

    /// A fresh name for a type a requirement's value has.
    mutating func typeName(_ base: String, _ unit: Int) -> String {
        typeCount += 1
        return "\(base)\(unit)t\(typeCount)\(suffix)"
    }
}
