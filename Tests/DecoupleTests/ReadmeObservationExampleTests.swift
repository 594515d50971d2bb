import Decouple
import DecoupleTestSupport
import Testing

// Article example begins
import Decouple

@MainActor
final class LoginViewModel {
    static let clean: @Sendable (String) -> String = { text in
        String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.drop { $0.isNumber })
    }
    @Observed(transform: LoginViewModel.clean) var name = ""   // cleaned as it is set: no feedback loop
    @Observed var password = ""
    private(set) lazy var buttonEnabled = Derived($name, $password) { $0.count > 5 && $1.count > 5 }
}

@MainActor func watch(_ viewModel: LoginViewModel) -> CancellationToken {
    viewModel.$name.observe(options: [.initial, .old, .new, .prior]) { change in
        print(change.isPrior, change.old ?? "-", change.new ?? "-")
    }
}
// Article example ends

@MainActor @Suite struct ReadmeObservationExampleTests {
    /// The name is cleaned as it is set, and the button follows both fields.
    @Test func theLoginViewModel_cleansTheName_andDerivesTheButton() {
        let viewModel = LoginViewModel()
        var seen: [String] = []
        let token = viewModel.$name.observe(viewModel) { _, change in seen.append(change.new ?? "-") }
        viewModel.name = "12小明ab c123"
        #expect(viewModel.name == "abc123")
        #expect(viewModel.buttonEnabled.value == false)
        viewModel.password = "secret"
        #expect(viewModel.buttonEnabled.value == true)
        #expect(seen == ["abc123"])
        token.cancel()
        _ = watch(viewModel)   // the README's observer compiles and runs with every option
    }

    @Test func theArticleShowsThisExample_verbatim() throws {
        try expectDocument("Sources/Decouple/Decouple.docc/ListsAndObservation.md", containsExampleOf: #filePath)
    }
}
