import Decouple
@testable import GeneratorCoverageFixture
import Testing

/// The app-shaped models of `AppShapes.swift` conform through the generated code, at run time.
@Suite struct AppShapesTests {
    @Test func everyShapeReadsItsMembers() {
        #expect(Screen().subtitle == "server")                 // the `#if os(Linux)` branch
        #expect(Row().subtitle == "new")                       // a member under `#if`
        #expect(Entity.Account().title == "")                  // public, declared in an extension
        #expect(Stats().title == "video")                      // inferred `Kind.video`
        #expect(Stats().subtitle == "0")                       // inferred `0 as Int64`
        #expect(Gadget().headline() == "Gadget")               // a method read from a property
        #expect(Gadget().price(in: "€") == "€ 1")              // forwarded to `cost(in:)`
    }

    @Test func keywordModelsInTheFactoryAndProxyStyles() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.registerGeneratedAdapters()
        let adapted = try factory.adapt(`class`(default: "d", title: "t"))
        #expect(adapted.subtitle == "d")
        #expect(MemberTable<any `Protocol`>.`protocol`.names == ["default"])
    }
}
