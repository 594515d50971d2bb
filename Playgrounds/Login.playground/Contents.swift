// Login — seed 002 §3: MVVM with two-way bindings and derived state.
//
// The view model cleans the name as it is typed or pasted (only [0-9a-zA-Z], no leading digits),
// derives `buttonEnabled` from both fields (more than 5 characters each), and checks the login
// (`aaaaaa` / `aaaaaa`). The screen binds both fields two ways and the button one way; success
// pushes the home page, failure shows an alert. Run it with `bash Playgrounds/run.sh Login`.
import DecoupleTextUI

// MARK: View model

@MainActor
final class LoginViewModel {
    /// Keeps letters and digits, then drops leading digits: also for pasted text, and with no
    /// feedback loop, because the stored value is always the cleaned one.
    static let clean: @Sendable (String) -> String = { text in
        String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.drop { $0.isNumber })
    }

    @Observed(transform: LoginViewModel.clean) var name = ""
    @Observed var password = ""
    private(set) lazy var buttonEnabled = Derived($name, $password) { name, password in
        name.count > 5 && password.count > 5
    }

    func login(success: () -> Void, failure: (String) -> Void) {
        if name == "aaaaaa" && password == "aaaaaa" {
            success()
        } else {
            failure("用户名或密码错误")
        }
    }
}

// MARK: Screens

final class LoginViewController: ViewController {
    let viewModel = LoginViewModel()
    let nameField = TextField(placeholder: "用户名")
    let passwordField = TextField(placeholder: "密码")
    let loginButton = Button("登录")

    override func viewDidLoad() {
        title = "登录"
        passwordField.isSecureTextEntry = true
        view.addSubview(StackView(.vertical, [
            StackView(.horizontal, [Label("用户名"), nameField]),
            StackView(.horizontal, [Label("密码"), passwordField]),
        ], border: true))
        view.addSubview(loginButton)

        nameField.bind(text: viewModel.$name)
        passwordField.bind(text: viewModel.$password)
        loginButton.bind(\.isEnabled, to: viewModel.buttonEnabled)
        loginButton.addAction { [weak self] in self?.login() }
    }

    private func login() {
        viewModel.login(success: { [weak self] in
            guard let self else { return }
            navigationController?.pushViewController(HomeViewController(name: viewModel.name))
        }, failure: { [weak self] message in
            let alert = AlertController(title: "登录失败", message: message)
            alert.addAction(AlertAction(title: "确定"))
            self?.present(alert)
        })
    }
}

final class HomeViewController: ViewController {
    let name: String
    init(name: String) {
        self.name = name
        super.init()
        title = "首页"
    }
    override func viewDidLoad() {
        view.addSubview(Label("欢迎，\(name)"))
    }
}

// MARK: Run

var login: LoginViewController? = LoginViewController()
let window = Window(rootViewController: NavigationController(rootViewController: login!), width: 30, height: 8)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText())
}

show("empty: the button is disabled")
window.textField(placeholder: "用户名")?.type("1a$bc")
show("typed 1a$bc: cleaned to abc as it is typed")
window.textField(placeholder: "用户名")?.paste("-12d_e")
window.textField(placeholder: "密码")?.type("bbbbbb")
show("pasted -12d_e, typed a password: both long enough")
window.button(titled: "登录")?.tap()
show("wrong password: the alert")
print("the login button is out of reach under the alert: \(window.button(titled: "登录") == nil)")
window.button(titled: "确定")?.tap()
login!.nameField.clear()
login!.nameField.paste("aaaaaa")
login!.passwordField.clear()
login!.passwordField.type("aaaaa")
show("aaaaaa / aaaaa: one character short")
login!.passwordField.type("a")
window.button(titled: "登录")?.tap()
show("aaaaaa / aaaaaa: the home page is pushed")

// Tear down: nothing outlives the window.
weak let weakLogin = login
weak let weakViewModel = login?.viewModel
weak let weakField = login?.nameField
window.rootViewController = nil
login = nil
print("after teardown: controller \(weakLogin == nil ? "gone" : "LEAKED"), view model \(weakViewModel == nil ? "gone" : "LEAKED"), text field \(weakField == nil ? "gone" : "LEAKED")")
