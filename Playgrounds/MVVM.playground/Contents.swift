// MVVM — seed 000 §4: the view observes its view model.
//
// The view holds its view model weakly and observes its `name` and `image`; when they change,
// its labels change. The view model holds the controller weakly, creates the view, copies the
// model's values into its own observable properties and handles the view's taps.
// The second half does the same with a Swift `@Observable` view model: the screen is marked
// stale when the model changes and reads fresh values when it is next drawn.
// Run it with `bash Playgrounds/run.sh MVVM`.
import DecoupleTextUI
import Observation

// MARK: Model

struct MYAppModel {
    var name: String
    var image: ImageName
}

// MARK: View model (KVO-style observation)

@MainActor
final class AppViewModel {
    @Observed var name = ""
    @Observed var image = ImageName.empty
    private(set) weak var controller: ViewController?
    private(set) var appView: AppView?
    private var model = MYAppModel(name: "", image: .empty)

    init(controller: ViewController) {
        self.controller = controller
    }

    /// Creates the view, loads the model and copies its values into the observable properties.
    func start() {
        let view = AppView(viewModel: self)
        controller?.view.addSubview(view)
        appView = view
        model = MYAppModel(name: "QQ", image: "QQ")
        name = model.name
        image = model.image
    }

    func didTap() {
        model = MYAppModel(name: "微信", image: "WeChat")
        name = model.name
        image = model.image
    }
}

final class AppView: View {
    private(set) weak var viewModel: AppViewModel?
    private let iconView = ImageView()
    private let nameLabel = Label()

    init(viewModel: AppViewModel) {
        self.viewModel = viewModel
        super.init()
        addSubview(StackView(.horizontal, [iconView, nameLabel], border: true))
        // The view observes the view model; the bindings end with the view.
        iconView.bind(\.image, to: viewModel.$image) { $0 }
        nameLabel.bind(\.text, to: viewModel.$name)
    }

    func tap() { viewModel?.didTap() }
}

final class AppController: ViewController {
    private(set) var viewModel: AppViewModel?
    override func viewDidLoad() {
        title = "MVVM"
        viewModel = AppViewModel(controller: self)
        viewModel?.start()
    }
}

// MARK: The same with Swift Observation

@Observable
final class ProfileViewModel {
    var name = "小明"
    var score = 92
}

final class ProfileView: View {
    init(viewModel: ProfileViewModel) {
        super.init()
        let label = Label()
        addSubview(label)
        // Reads the model now; re-reads it before the next draw after any change.
        label.trackChanges { [unowned label] in label.text = "\(viewModel.name)：\(viewModel.score) 分" }
    }
}

// MARK: Run

var controller: AppController? = AppController()
let window = Window(rootViewController: NavigationController(rootViewController: controller!), width: 24)

@MainActor func show(_ caption: String, _ view: View) {
    print("── \(caption) ──")
    print(view.renderedText(width: 24))
}

show("the view shows the view model's values", window)
controller?.viewModel?.appView?.tap()
show("tapped: the view model changed, the view followed", window)
controller?.viewModel?.name = "企业微信"
show("the view model's name changed", window)

let profile = ProfileViewModel()
let profileView = ProfileView(viewModel: profile)
show("@Observable view model", profileView)
profile.score = 95
print("after a change, the view is stale until drawn: needsUpdate = \(profileView.needsUpdate)")
show("drawn again: fresh values", profileView)

// Tear down: the view model holds the controller weakly and the view holds the view model weakly.
weak let weakController = controller
weak let weakViewModel = controller?.viewModel
weak let weakView = controller?.viewModel?.appView
window.rootViewController = nil
controller = nil
print("after teardown: controller \(weakController == nil ? "gone" : "LEAKED"), view model \(weakViewModel == nil ? "gone" : "LEAKED"), view \(weakView == nil ? "gone" : "LEAKED")")
