import DecoupleTestSupport
import Testing

// `ForwardingProxy` is `Sendable`, so what it hands out must be safe where it is read: an object
// injected for a protocol that is not `Sendable` is injected and read on the main actor only,
// and the compiler refuses the unsafe use. Each refusal has a twin that compiles, so a harness
// that could not compile anything would fail here too.

private let preamble = """
    import Decouple

    protocol Headline { var headline: String { get } }
    protocol SendableHeadline: Sendable { var headline: String { get } }

    final class Article: Headline, SendableHeadline, @unchecked Sendable {
        var headline = "draft"   // mutable, and not safe to read from two threads
    }

    """

@Suite struct ForwardingProxySendabilityTests {
    @Test func injectingANonSendableObjectOffTheMainActor_doesNotCompile() throws {
        let refused = try typecheck(preamble + """
            func fill(_ proxy: ForwardingProxy) {
                proxy.inject(Article(), as: Headline.self)
            }
            """)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("call to main actor-isolated instance method 'inject(_:as:members:)' in a synchronous nonisolated context"), "\(refused.stderr)")

        let accepted = try typecheck(preamble + """
            @MainActor func fill(_ proxy: ForwardingProxy) {
                proxy.inject(Article(), as: Headline.self)
            }
            """)
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func readingANonSendableProtocolFromAnotherThread_doesNotCompile() throws {
        let refused = try typecheck(preamble + """
            func read(_ proxy: ForwardingProxy) async {
                await Task.detached { _ = proxy.forward(\\Headline.headline) }.value
            }
            """)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("main actor-isolated"), "\(refused.stderr)")

        let accepted = try typecheck(preamble + """
            func read(_ proxy: ForwardingProxy) async {
                await Task.detached { _ = proxy.forward(\\SendableHeadline.headline) }.value
            }
            """)
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func aSendableProtocolIsInjectedAndReadFromAnyThread() throws {
        let accepted = try typecheck(preamble + """
            func fill(_ proxy: ForwardingProxy) throws {
                proxy.inject(Article(), as: SendableHeadline.self)
                try proxy.inject(weak: Article(), as: SendableHeadline.self)
                _ = proxy.object(for: SendableHeadline.self)
                proxy.remove(SendableHeadline.self)
            }
            """)
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func aProxyIsReadAsContentOnTheMainActor_inSwift5AndSwift6() throws {
        for options in [["-swift-version", "5"], ["-swift-version", "6"], ["-swift-version", "6", "-default-isolation", "MainActor"]] {
            let accepted = try typecheck(preamble + """
                @MainActor func show(_ proxy: ForwardingProxy) -> String {
                    let content: any TitledContent = proxy
                    return content.title + (proxy.forward(\\Headline.headline) ?? "")
                }
                """, options: options)
            #expect(accepted.status == 0, "\(options): \(accepted.stderr)")
        }
    }
}
