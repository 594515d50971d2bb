import DecoupleTestSupport
import Testing

/// Observation is main-actor isolated: what would race across threads does not compile. Each
/// program is type-checked by the toolchain's `swiftc` against the library under test, in Swift 6.
@Suite struct ObservationIsolationTests {
    private static let prelude = """
        import Decouple
        @MainActor final class ViewModel {
            @Observed var name = ""
            let bag = CancellationBag()
        }

        """

    /// Each program's error, by what it tries.
    private static let refused: [(String, String)] = [
        ("a set from another thread", """
            @MainActor func f(_ model: ViewModel) {
                Task.detached { model.name = "x" }
            }
            """),
        ("an observe from a function that is not on the main actor", """
            nonisolated func f(_ model: ViewModel) -> CancellationToken {
                model.$name.observe { _ in }
            }
            """),
        ("a cancel from another thread", """
            @MainActor func f(_ token: CancellationToken) {
                Task.detached { token.cancel() }
            }
            """),
        ("an observed property of a class that is not on the main actor", """
            final class Elsewhere { @Observed var count = 0 }
            """),
        ("a derived value made off the main actor", """
            nonisolated func f(_ name: ObservableProperty<String>) -> Derived<Int> {
                Derived(name) { $0.count }
            }
            """),
    ]

    @Test func whatWouldRace_doesNotCompile() throws {
        for (what, program) in Self.refused {
            let run = try typecheck(Self.prelude + program)
            #expect(run.status != 0, "\(what) compiled")
            // Refused for its isolation, not for something else.
            let isolation = ["main actor-isolated", "MainActor", "isolated"].contains { run.stderr.contains($0) }
            #expect(run.stderr.contains("error:") && isolation, "\(what): \(run.stderr.split(separator: "\n").filter { $0.contains("error:") })")
        }
    }

    @Test func theDoors_compile() throws {
        let run = try typecheck(Self.prelude + """
            @MainActor func doors(_ model: ViewModel) {
                // In: a producer elsewhere awaits a main-actor set.
                Task.detached {
                    let name = await fetchName()
                    await MainActor.run { model.name = name }
                }
                // Out: a consumer elsewhere iterates the values.
                let names = model.$name.values(bufferingPolicy: .bufferingNewest(1))
                Task.detached {
                    for await name in names { print(name) }
                }
            }
            func fetchName() async -> String { "小明" }
            """)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
