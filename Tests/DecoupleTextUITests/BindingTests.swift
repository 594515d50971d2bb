import DecoupleTextUI
import DecoupleTestSupport
import Foundation
import Observation
import Testing

@MainActor
private final class LoginViewModel {
    static let clean: @Sendable (String) -> String = { text in
        String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.drop { $0.isNumber })
    }
    @Observed(transform: LoginViewModel.clean) var name = ""
    @Observed var password = ""
    private(set) lazy var buttonEnabled = Derived($name, $password) { $0.count > 5 && $1.count > 5 }
}

@Observable
private final class ProfileModel {
    var name = "小明"
    var score = 92
}

@MainActor
@Suite struct BindingTests {
    @Test func oneWay_labelAndButtonFollowTheViewModel() {
        let viewModel = LoginViewModel()
        let label = Label()
        let button = Button("登录")
        label.bind(\.text, to: viewModel.$name)
        button.bind(\.isEnabled, to: viewModel.buttonEnabled)
        #expect(!button.isEnabled)
        viewModel.name = "aaaaaa"
        viewModel.password = "12345"
        #expect(label.text == "aaaaaa")
        #expect(!button.isEnabled)
        viewModel.password = "123456"
        #expect(button.isEnabled)
        #expect(button.renderedText() == "[ 登录 ]")
    }

    @Test func twoWay_fieldAndViewModel_cleanedAsTyped_noLoop() {
        let viewModel = LoginViewModel()
        let field = TextField(placeholder: "用户名")
        field.bind(text: viewModel.$name)
        let sets = Shared(0)
        let counter = viewModel.$name.observe { _ in sets.increment() }

        field.type("1a")          // "1" is dropped as a leading digit; then "a"
        #expect(field.text == "a")
        #expect(viewModel.name == "a")
        field.paste("9-b_c!")     // pasted text is cleaned too
        #expect(field.text == "a9bc")
        viewModel.name = "55xyz"  // the view model writes; the field shows the cleaned value
        #expect(field.text == "xyz")
        // One set per keystroke or paste or write, and never a loop.
        #expect(sets.value == 4)
        _ = counter
    }

    @Test func bindingsKeepNeitherEndAlive() {
        var viewModel: LoginViewModel? = LoginViewModel()
        var label: Label? = Label()
        var field: TextField? = TextField()
        weak let weakViewModel = viewModel
        weak let weakLabel = label
        weak let weakField = field
        label!.bind(\.text, to: viewModel!.$name)
        field!.bind(text: viewModel!.$name)
        let button = Button()
        button.bind(\.isEnabled, to: viewModel!.buttonEnabled)

        viewModel!.name = "abcdef"
        label = nil
        field = nil
        #expect(weakLabel == nil)
        #expect(weakField == nil)
        viewModel = nil
        #expect(weakViewModel == nil)
    }

    @Test func setterBinding_writesLikeTheKeyPathOne_andHoldsNeitherEnd() {
        let viewModel = LoginViewModel()
        var label: Label? = Label()
        weak let weakLabel = label
        viewModel.name = "abcdef"
        let token = label!.bind(to: viewModel.$name) { $0.text = $1 }
        #expect(label!.text == "abcdef")   // the current value at once
        viewModel.name = "xyz"
        #expect(label!.text == "xyz")
        #expect(viewModel.$name.observerCount == 1)
        token.cancel()
        viewModel.name = "uvw"
        #expect(label!.text == "xyz")      // not written after cancel()
        label!.bind(to: viewModel.$name) { $0.text = $1 }
        label = nil
        #expect(weakLabel == nil)
        viewModel.name = "abc"
        #expect(viewModel.$name.observerCount == 0)
    }

    @Test func keyPathBinding_takesAStoredKeyPath_andANestedOne() {
        // `bind(_:to:)` takes its key path as an autoclosure (so that a literal becomes a direct
        // setter call): a key path held in a constant, and one through a stored view, still bind.
        let viewModel = LoginViewModel()
        let label = Label()
        let text: ReferenceWritableKeyPath<Label, String> = \.text
        label.bind(text, to: viewModel.$name)
        let header = Header()
        header.bind(\.title.text, to: viewModel.$name)
        header.bind(\.title.numberOfLines, to: viewModel.$name) { $0.count }
        viewModel.name = "abc"
        #expect(label.text == "abc")
        #expect(header.title.text == "abc")
        #expect(header.title.numberOfLines == 3)
        #expect(viewModel.$name.observerCount == 3)
    }

    private final class Header: BindingTarget {
        let bindings = CancellationBag()
        let title = Label()
    }

    @Test func aBindingEndsWithItsView_andIsNeverCalledAfter() {
        let viewModel = LoginViewModel()
        var label: Label? = Label()
        label!.bind(\.text, to: viewModel.$name)
        #expect(viewModel.$name.observerCount == 1)
        label = nil
        viewModel.name = "abc"
        #expect(viewModel.$name.observerCount == 0)
    }

    @Test func aBindingKeptInABagThatOutlivesItsView_endsAtTheNextValue() {
        // The view's own bag goes with it; a bag that outlives it keeps the tokens, so each
        // binding form must find the view gone by itself, write nothing and end.
        let viewModel = LoginViewModel()
        let bag = CancellationBag()
        var label: Label? = Label()
        weak let weakLabel = label
        let keyPath = label!.bind(\.text, to: viewModel.$name, in: bag)
        let transformed = label!.bind(\.numberOfLines, to: viewModel.$name, in: bag) { $0.count }
        let setter = label!.bind(to: viewModel.$name, in: bag) { $0.text = $1 }
        viewModel.name = "ab"
        #expect(label!.text == "ab")
        #expect(label!.numberOfLines == 2)
        label = nil
        #expect(weakLabel == nil)
        #expect(viewModel.$name.observerCount == 3)
        viewModel.name = "abc"
        #expect(viewModel.$name.observerCount == 0)
        #expect(keyPath.isCancelled && transformed.isCancelled && setter.isCancelled)
        #expect(bag.count == 3)
    }

    @Test func derivedValues_mapAndChain_andLiveAsLongAsTheirBinding() {
        let score = ObservableProperty(90)
        let label = Label()
        let token = label.bind(\.text, to: score.map { $0 + 2 }.map { "得分 \($0)" })
        #expect(label.text == "得分 92")
        score.value = 98
        #expect(label.text == "得分 100")
        token.cancel()
        score.value = 1
        #expect(label.text == "得分 100")
        #expect(score.observerCount == 0)   // the chain is gone with its binding
    }

    @Test func filterAndDistinct() {
        let name = ObservableProperty<String?>(nil)
        let seen = Log<String>()
        let filtered = name.observeValues(where: { $0 != nil }) { seen.append($0!) }
        let number = ObservableProperty(1)
        let distinct = Log<Int>()
        let onlyChanges = number.observeDistinct { distinct.append($0.new!) }
        name.value = "a"
        name.value = nil
        name.value = "b"
        number.value = 1
        number.value = 2
        number.value = 2
        #expect(seen.all == ["a", "b"])
        #expect(distinct.all == [2])
        _ = (filtered, onlyChanges)
    }

    // MARK: Swift Observation

    @Test func observableModels_invalidateThenPull() {
        let model = ProfileModel()
        let label = Label()
        var updates = 0
        label.trackChanges { [unowned label] in
            updates += 1
            label.text = "\(model.name) \(model.score)"
        }
        #expect(label.renderedText() == "小明 92")
        #expect(!label.needsUpdate)

        model.score = 93
        model.score = 94         // Observation reports once; the next draw pulls the latest
        #expect(label.needsUpdate)
        #expect(updates == 1)
        let screen = StackView(.vertical, [label], border: true)
        #expect(screen.renderedText(width: 10) == "┌────────┐\n│小明 94 │\n└────────┘")
        #expect(updates == 2)      // one run for both changes
        #expect(!label.needsUpdate)

        model.name = "小红"
        #expect(label.renderedText() == "小红 94")
        #expect(updates == 3)
    }

    // MARK: Time

    @Test func mainActorScheduler_runsAfterRealTime_andCancelStopsIt() async {
        let scheduler = MainActorScheduler()
        var fired: [String] = []
        var tokens: [CancellationToken] = []
        // The cancelled one is due first: had it run, it would have run before the other, whose
        // action ends the wait.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let cancelled = scheduler.schedule(after: .milliseconds(1)) { fired.append("cancelled") }
            cancelled.cancel()
            tokens.append(scheduler.schedule(after: .milliseconds(20)) {
                fired.append("once")
                done.resume()
            })
        }
        #expect(fired == ["once"])
        _ = tokens
    }
}
