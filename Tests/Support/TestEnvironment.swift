import Foundation
import Testing

/// What a run asks of the tests through environment variables: how many seeded cases, which
/// seed to replay, and whether the heavy tests run. Every suite reads its variables here.
public enum TestEnvironment {
    /// The variable that turns the heavy tests on: `DECOUPLE_HEAVY_TESTS=1 swift test`.
    public static let heavyVariable = "DECOUPLE_HEAVY_TESTS"

    /// Whether the heavy tests run: the tool on a 10 MB source file and on 5,000 files. CI
    /// (`.ci/run`) asks for them; a plain `swift test` reports them skipped.
    public static var runsHeavyTests: Bool { ProcessInfo.processInfo.environment[heavyVariable] == "1" }

    /// The variable `name` as a whole number, or `fallback` when it is unset or not a number.
    public static func integer(_ name: String, default fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? fallback
    }

    /// The variable `name` as a seed, or `fallback` when it is unset or not a number.
    public static func seed(_ name: String, default fallback: UInt64?) -> UInt64? {
        ProcessInfo.processInfo.environment[name].flatMap(UInt64.init) ?? fallback
    }

    /// The variable `name`, if set.
    public static func string(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when ``TestEnvironment/runsHeavyTests``; otherwise it is reported as
    /// skipped, with the variable that turns it on.
    public static var heavy: Self {
        .enabled(if: TestEnvironment.runsHeavyTests, "heavy: runs when \(TestEnvironment.heavyVariable)=1")
    }
}
