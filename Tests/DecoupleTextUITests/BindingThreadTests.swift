import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

/// Where handlers run and when cancelling takes effect: the promises the types make.
@MainActor
@Suite struct BindingThreadTests {
    @Test func twoWayBinding_cancelled_stopsBothWaysBeforeCancelReturns() {
        let name = ObservableProperty("")
        let field = TextField()
        let token = field.bind(text: name)
        field.type("ab")
        #expect(name.value == "ab")

        token.cancel()
        field.type("c")                 // the field no longer writes the source…
        #expect(name.value == "ab")
        name.value = "zz"               // …and the source no longer writes the field
        #expect(field.text == "abc")
        #expect(name.observerCount == 0)
    }

    @Test func twoWayBinding_cancelledFromAnotherThread_isOffWhenCancelReturns() async {
        let name = ObservableProperty("")
        let field = TextField()
        let token = field.bind(text: name)
        await Task.detached { token.cancel() }.value
        field.type("x")
        #expect(name.value == "")
    }

    @Test func mainActorHandler_getsAValueSetOffTheMainActor_onTheMainActor() async {
        let score = ObservableProperty(0)
        let label = Label()
        label.bind(\.text, to: score) { "\($0)" }
        #expect(label.text == "0")
        await Task.detached { score.value = 7 }.value
        // Set elsewhere, delivered on the main actor once it is free: wait for it, boundedly.
        for _ in 0..<200 where label.text != "7" { await Task.yield() }
        #expect(label.text == "7")
    }

    @Test func aValueSetOffTheMainActor_afterTheViewWent_endsEachBindingForm() async {
        // Queued to the main actor, each form finds its view gone there, writes nothing and ends.
        let score = ObservableProperty(0)
        let bag = CancellationBag()
        var label: Label? = Label()
        let tokens = [
            label!.bind(\.text, to: score, in: bag) { "\($0)" },
            label!.bind(\.numberOfLines, to: score, in: bag),
            label!.bind(to: score, in: bag) { $0.text = "\($1)" },
        ]
        label = nil
        #expect(score.observerCount == 3)
        await Task.detached { score.value = 7 }.value
        for _ in 0..<200 where score.observerCount != 0 { await Task.yield() }
        #expect(score.observerCount == 0)
        #expect(tokens.allSatisfy { $0.isCancelled })
    }

    @Test func aValueSetOnTheMainActor_whileAnOlderOneWaitsForIt_replacesIt() async {
        // Set on another thread while the main actor is busy (this test holds it): that value
        // waits for the main actor. The value set next, on the main actor, is told at once, and
        // the older one is then skipped: the observer never goes back to it.
        let name = ObservableProperty("")
        let label = Label()
        label.bind(\.text, to: name)
        var told: [String] = []
        let token = name.observe(label) { _, change in told.append(change.new ?? "") }
        let done = DispatchSemaphore(value: 0)
        Thread { name.value = "set elsewhere"; done.signal() }.start()
        done.wait()
        name.value = "set on the main actor"
        #expect(told == ["set on the main actor"])
        for _ in 0..<200 { await Task.yield() }
        #expect(told == ["set on the main actor"])
        #expect(label.text == "set on the main actor")
        #expect(name.value == "set on the main actor")
        // Nothing waits any more: told at once again.
        name.value = "again"
        #expect(told.last == "again")
        #expect(label.text == "again")
        token.cancel()
    }

    @Test func mainActorHandler_runsAtOnce_whenSetOnTheMainActor() {
        let score = ObservableProperty(0)
        let label = Label()
        label.bind(\.text, to: score) { "\($0)" }
        score.value = 3
        #expect(label.text == "3")
    }

    @Test func firstResponder_belongsToEachWindow() {
        func screen() -> (ViewController, TextField, TextField) {
            let controller = ViewController()
            let a = TextField(placeholder: "a"), b = TextField(placeholder: "b")
            controller.view.addSubview(a)
            controller.view.addSubview(b)
            return (controller, a, b)
        }
        let (first, a1, b1) = screen()
        let (second, a2, _) = screen()
        let one = Window(rootViewController: first, width: 20, height: 4)
        let two = Window(rootViewController: second, width: 20, height: 4)

        a1.type("x")
        #expect(one.firstResponder === a1)
        a2.type("y")                      // another window: the first keeps its editing field
        #expect(one.firstResponder === a1 && a1.isEditing)
        #expect(two.firstResponder === a2)
        b1.type("z")                      // the same window: editing moves
        #expect(one.firstResponder === b1 && !a1.isEditing)
        #expect(a1.window === one && a2.window === two)
    }
}
